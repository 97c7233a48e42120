// The preview: its postMessage protocol and permissions, the packages a project may use, and the
// host domains projects are served under.
export * from './host-domain';
export * from './package-alternatives';
export * from './package-manifest';
export * from './preview-messages';
export * from './preview-permissions';
export * from './element-messages';

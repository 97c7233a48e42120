export * from './tables';
export * from './access-tokens';
export * from './version-commits';
export * from './project-remotes';

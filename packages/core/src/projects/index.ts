// Projects: display names and the names a first build gives them, published addresses (slugs), file paths and files, uploads.
export * from './naming';
export * from './project-files';
export * from './project-names';
export * from './project-paths';
export * from './slugs';
export * from './uploads';
export * from './address-hold';

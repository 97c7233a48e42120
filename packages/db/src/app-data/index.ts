export * from './scope';
export * from './documents';
export * from './users';
export * from './files';
export * from './owner';
export * from './target';
export * from './rules-version';
export * from './tables';

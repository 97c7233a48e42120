export * from './starter-files';
export * from './allowed-packages';
export * from './export-project';

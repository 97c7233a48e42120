export * from './function-files';
export * from './function-limits';
export * from './secret-names';
export * from './cron';

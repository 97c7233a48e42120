export * from './check-schedule';
export * from './dns-records';
export * from './domain-limits';
export * from './domain-name';

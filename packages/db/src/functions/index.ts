export * from './secrets';
export * from './function-calls';
export * from './schedules';
export * from './tables';

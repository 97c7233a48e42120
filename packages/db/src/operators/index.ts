export * from './tables';
export * from './flags';
export * from './people';
export * from './analytics-report';

// The product rules by domain; each folder's index names what it holds (README: "Entry points").
export * from './plans';
export * from './projects';
export * from './prompts';
export * from './auth';
export * from './flags';
export * from './preview';
export * from './checks';
export * from './runs';
export * from './text';
export * from './analytics';
export * from './app-data';
export * from './functions';
export * from './app-ai';
export * from './app-email';
export * from './app-payments';
export * from './site-analytics';
export * from './publish-gate';

// Checking a candidate version: a project's behaviour checks, and where an issue points.
export * from './behaviour-checks';
export * from './chromium';
export * from './locations';

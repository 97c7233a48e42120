// Feature flags by layer, experiments, and per-device preferences.
export * from './experiments';
export * from './flag-layers';
export * from './flag-schemas';
export * from './flags';
export * from './preferences';

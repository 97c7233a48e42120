// The public entry of telemetry: analytics events, visits and error reports. The routes and other
// features import it from here.
export { track } from './analytics';
export { TELEMETRY_BOOT_SCRIPT } from './telemetry-boot';
export { Telemetry } from './telemetry';
export { useExperiment } from './use-experiment';

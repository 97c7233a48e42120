export { findKeyShape } from './key-shapes';
export type { GateInput } from './gate-input';
export { publishGateFindings, standingFindings } from './run-gate';

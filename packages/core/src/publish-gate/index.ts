export { findKeyShape } from './key-shapes';
export type { GateInput } from './gate-input';
export { publishGateFindings, standingFindings } from './run-gate';
export { GATE_RULE_TITLES } from './rule-titles';

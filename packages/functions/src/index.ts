export { FunctionRuntime, type Deployment, type FunctionRuntimeOptions } from './function-runtime';
export type { BridgeHandler } from './bridge-server';
export type { CallFailure, CallLimits, CallOutcome, CallRequest } from './call-outcome';

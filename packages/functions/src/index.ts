export { FunctionRuntime, type Deployment, type FunctionRuntimeOptions } from './function-runtime';
export { RemoteFunctionRuntime, type FunctionRunner } from './remote-runtime';
export { startRuntimeHost, type RuntimeHost, type RuntimeHostOptions } from './runtime-host';
export type { BridgeHandler } from './bridge-server';
export type { CallFailure, CallLimits, CallOutcome, CallRequest } from './call-outcome';

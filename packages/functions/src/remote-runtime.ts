import type { Deployment } from './function-runtime';
import type { CallLimits, CallOutcome, CallRequest } from './call-outcome';
import { DEPLOYMENT_UNKNOWN, fromWireOutcome, toWireCall, type WireOutcome } from './wire';

/** What the API calls functions through: the runtime in its own process, or a host elsewhere. */
export interface FunctionRunner {
  call(deployment: Deployment, name: string, request: CallRequest, limits: CallLimits): Promise<CallOutcome>;
  close(): Promise<void>;
}

const UNAVAILABLE = 'Functions are unavailable right now. Try again in a moment.';

/** The functions runtime host at `url` (startRuntimeHost), as a FunctionRunner. */
export class RemoteFunctionRuntime implements FunctionRunner {
  /** The version of each app key this instance last sent the host (its code need not travel again). */
  private readonly sent = new Map<string, string>();

  constructor(
    private readonly url: string,
    private readonly token: string,
  ) {}

  async call(deployment: Deployment, name: string, request: CallRequest, limits: CallLimits): Promise<CallOutcome> {
    const started = performance.now();
    const failed = (): CallOutcome => ({ ok: false, reason: 'unavailable', message: UNAVAILABLE, durationMs: Math.round(performance.now() - started) });
    try {
      let res = await this.post(deployment, name, request, limits, this.sent.get(deployment.key) !== deployment.version);
      // Another instance deployed a version since, or the host restarted: once more with the code.
      if (res.status === 409 && ((await res.json()) as { code?: string }).code === DEPLOYMENT_UNKNOWN)
        res = await this.post(deployment, name, request, limits, true);
      if (!res.ok) return failed();
      this.sent.set(deployment.key, deployment.version);
      return fromWireOutcome((await res.json()) as WireOutcome);
    } catch {
      return failed();
    }
  }

  private post(deployment: Deployment, name: string, request: CallRequest, limits: CallLimits, withCode: boolean): Promise<Response> {
    return fetch(`${this.url}/v1/calls`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(toWireCall(deployment, name, request, limits, withCode)),
      // The host stops a call at its wall time; this only guards against a host that never answers.
      signal: AbortSignal.timeout(limits.wallMs + 15_000),
    });
  }

  async close(): Promise<void> {}
}

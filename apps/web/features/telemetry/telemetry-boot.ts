// Window errors from the first moment of the page: the boot script runs first in <head> and keeps
// every uncaught error and unhandled rejection until the Telemetry component is ready to report
// them. That component attaches its listeners in an effect, after hydration (and its Suspense
// boundary renders on the client only): an error thrown before then — while the page's scripts
// load, during hydration, or just after — would otherwise be lost, in production as in tests.

/** What the boot script keeps of one error: what the reporter sends. */
export interface EarlyError {
  message: string;
  stack?: string;
}

const MAX_KEPT = 10;

/** Inline in <head>, before any other script. Keeps at most MAX_KEPT errors; `take()` hands them over and stops. */
export const TELEMETRY_BOOT_SCRIPT = `(function(){var q=[];function keep(m,s){if(q.length<${MAX_KEPT})q.push({message:String(m||'Script error'),stack:s})}function onError(e){keep(e.message,e.error instanceof Error?e.error.stack:undefined)}function onRejection(e){var r=e.reason;keep(r instanceof Error?r.message:String(r),r instanceof Error?r.stack:undefined)}addEventListener('error',onError);addEventListener('unhandledrejection',onRejection);window.__sproutEarlyErrors={take:function(){removeEventListener('error',onError);removeEventListener('unhandledrejection',onRejection);var t=q;q=[];return t}}})();`;

/** The errors the boot script kept (none if it did not run), after which it keeps no more: the caller reports from here on. */
export function takeEarlyErrors(target: { __sproutEarlyErrors?: { take(): EarlyError[] } } = window as never): EarlyError[] {
  const early = target.__sproutEarlyErrors;
  delete target.__sproutEarlyErrors;
  return early?.take() ?? [];
}

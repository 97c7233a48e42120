// The Node options the API process runs with (`@sprout/api/node-args`, plain JavaScript so that
// scripts/start.mjs can load it without a TypeScript loader): `npm start` starts the API with
// them, and the scale benchmark measures the API with the same ones.
//
// The heap limit: V8 sizes its heap against a default limit of about a quarter of the machine's
// memory and collects lazily below it, so the garbage of 100 concurrent runs stayed resident (over
// 1.2 GB) although the live data at a burst's peak is 200-400 MB (docs/performance.md). With a
// limit V8 collects sooner and the process stays well inside its memory budget, bursts no slower.
// Operators change it with API_MAX_HEAP_MB (e.g. more for a larger instance).

export const DEFAULT_API_MAX_HEAP_MB = 512;

/** The node arguments (before the script) for the API, from the environment; throws on a bad value. */
export function apiNodeArgs(env = process.env) {
  const raw = (env.API_MAX_HEAP_MB ?? '').trim();
  const mb = raw === '' ? DEFAULT_API_MAX_HEAP_MB : Number(raw);
  if (!/^\d+$/.test(raw || '0') || !Number.isInteger(mb) || mb < 256 || mb > 65536) {
    throw new Error(`API_MAX_HEAP_MB must be a whole number of megabytes from 256 to 65536 (got "${raw}").`);
  }
  return [`--max-old-space-size=${mb}`];
}

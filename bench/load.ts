// npm run bench:load — load on loopback, bounded in time (`-- --short`: a quick variant):
//  1. bench/api.ts: authenticated GET /v1/sprouts beside a raw Fastify hello route, same client,
//     connections and duration: requests/s, p99 and the ratio;
//  2. bench/scale.ts: concurrent runs (100; --short: 20) against a fake OpenAI-compatible model on
//     ONE API instance, each followed live over SSE: events lost (must be 0), outcomes, peak RSS.
// On the embedded database, or on PostgreSQL with BENCH_DATABASE_URL (an empty database).
// The exit code reflects correctness only (events lost or duplicated, runs not finished, list
// requests answered with an error), never timing.
import { apiRows, runApiBench } from './api';
import { runScaleBench, scaleRows } from './scale';
import { renderTable, SHORT, writeResult } from './summary';

const databaseUrl = process.env.BENCH_DATABASE_URL;
const api = await runApiBench(databaseUrl);
const scale = await runScaleBench(databaseUrl);
console.log(`\n${renderTable([...apiRows(api), ...scaleRows(scale)])}`);
writeResult(`load-${Date.now()}.json`, { at: new Date().toISOString(), short: SHORT, api, scale });
if (!scale.ok || api.listFailures > 0) {
  console.error(`\nFAILED: ${scale.ok ? '' : 'runs lost or duplicated events, or did not finish; '}${api.listFailures} list requests failed`);
  process.exitCode = 1;
}

// The security check's cost at publish: the gate over a 20-file app's files and its production build,
// beside that production build (what every publish does), in the same process.
//
//   npm run bench:publish-gate            the figures, then a summary row
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { publishGateFindings } from '@sprout/core';
import { PreviewBuilder } from '@sprout/preview';
import { ALLOWED_PACKAGES, TEMPLATE_PACKAGE_DIR } from '@sprout/template';
import { generatedProject } from './generated-project';
import { isMain, median, ms, runs, timed, writeResult, type Row } from './summary';

export interface PublishGateResult {
  files: number;
  /** Median of a production build of the app (no cache: each publish of a new version builds once). */
  build: number;
  /** Median of the gate over the same app's files and built output. */
  gate: number;
  findings: number;
}

export async function runPublishGateBench(n = runs()): Promise<PublishGateResult> {
  const files = generatedProject();
  const cacheDir = await mkdtemp(path.join(os.tmpdir(), 'sprout-bench-gate-'));
  try {
    const builder = new PreviewBuilder({ cacheDir, resolveDir: TEMPLATE_PACKAGE_DIR, allowed: ALLOWED_PACKAGES });
    const request = { mode: 'production', assetBase: '/assets/' } as const;
    // The first build prebundles the vendor packages, once per machine: not what a publish pays.
    const first = await builder.build(files, request);
    if (!first.ok) throw new Error(`build failed: ${JSON.stringify(first.errors)}`);
    const builds: number[] = [];
    for (let i = 0; i < n; i++) builds.push(await timed(() => builder.build(files, request)));
    const input = {
      files: new Map(files.map((f) => [f.path, f.content])),
      built: new Map([
        ['index.html', first.html],
        ...[...first.assets].map(([name, a]): [string, string] => [`assets/${name}`, Buffer.from(a.body).toString('utf8')]),
      ]),
    };
    let findings = 0;
    const gates: number[] = [];
    // The gate is fast: each sample is 20 checks, so a timer's resolution does not decide it.
    for (let i = 0; i < n; i++)
      gates.push(
        (await timed(async () => {
          for (let j = 0; j < 20; j++) findings = publishGateFindings(input).length;
        })) / 20,
      );
    return { files: files.length, build: median(builds), gate: median(gates), findings };
  } finally {
    await rm(cacheDir, { recursive: true, force: true });
  }
}

export function publishGateRows(r: PublishGateResult): Row[] {
  return [
    {
      measure: `security check at publish, ${r.files}-file app (${r.findings} findings)`,
      ours: ms(r.gate),
      baseline: `${ms(r.build)} (its production build, same run)`,
      ratio: `${((r.gate / r.build) * 100).toFixed(1)} %`,
      budget: '< 2 s',
      ok: r.gate < 2_000,
    },
  ];
}

if (isMain(import.meta.url)) {
  const result = await runPublishGateBench();
  console.log(JSON.stringify(result, null, 2));
  console.log(
    publishGateRows(result)
      .map((row) => `${row.measure}: ${row.ours} vs ${row.baseline}, ${row.ratio}`)
      .join('\n'),
  );
  writeResult('publish-gate.json', result);
}

import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * The workerd executable npm installed: the platform package's binary, run directly (the `workerd`
 * package's own bin may be a Node launcher when its postinstall did not run, a second process per app).
 */
export function workerdBinary(): string {
  const arch = process.arch === 'x64' ? '64' : process.arch;
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  try {
    return require.resolve(`@cloudflare/workerd-${platform}-${arch}/bin/workerd`);
  } catch {
    return require.resolve('workerd/bin/workerd');
  }
}

/** The compatibility date of the installed workerd (the newest behaviour it knows), from its package. */
export function workerdCompatibilityDate(): string {
  const { version } = require('workerd/package.json') as { version: string };
  // Versions are 1.YYYYMMDD.N.
  const date = /^1\.(\d{4})(\d{2})(\d{2})\./.exec(version);
  if (!date) throw new Error(`Unexpected workerd version ${version}`);
  return `${date[1]}-${date[2]}-${date[3]}`;
}

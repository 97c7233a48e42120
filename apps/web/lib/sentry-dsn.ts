/** Parses a Sentry DSN (`https://<key>@<host>/<project>`) into its store endpoint and key; null if malformed. */
export function sentryTarget(dsn: string): { storeUrl: string; key: string } | null {
  try {
    const u = new URL(dsn);
    const project = u.pathname.replace(/^\/+|\/+$/g, '');
    if (!u.username || !/^\d+$/.test(project) || !/^https?:$/.test(u.protocol)) return null;
    return { storeUrl: `${u.protocol}//${u.host}/api/${project}/store/`, key: u.username };
  } catch {
    return null;
  }
}

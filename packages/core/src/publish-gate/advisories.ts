/**
 * Known vulnerabilities of packages apps may list, shipped with Sprout and updated with it (never a
 * network call at publish). Each: the versions affected as [from, below) ranges, its severity as its
 * advisory gives it, and what it lets an attacker do, in a few words. Updated 2026-12-02.
 */
export interface Advisory {
  id: string;
  package: string;
  /** Affected versions: at least `from` (inclusive, "0.0.0" for all earlier) and below `below`. */
  affected: { from: string; below: string }[];
  severity: 'critical' | 'high' | 'moderate' | 'low';
  summary: string;
}

export const ADVISORIES: readonly Advisory[] = [
  {
    id: 'GHSA-jr5f-v2jv-69x6',
    package: 'axios',
    affected: [{ from: '1.0.0', below: '1.8.2' }],
    severity: 'high',
    summary: 'requests to an absolute URL can be sent to another server (SSRF) and leak credentials',
  },
  {
    id: 'GHSA-35jh-r3h4-6jhm',
    package: 'lodash',
    affected: [{ from: '0.0.0', below: '4.17.21' }],
    severity: 'high',
    summary: 'command injection through template',
  },
  {
    id: 'GHSA-wc69-rhjr-hc9g',
    package: 'moment',
    affected: [{ from: '2.18.0', below: '2.29.4' }],
    severity: 'high',
    summary: 'a crafted date string hangs the page (ReDoS)',
  },
  {
    id: 'GHSA-5v2h-r2cx-5xgj',
    package: 'marked',
    affected: [{ from: '0.0.0', below: '4.0.10' }],
    severity: 'high',
    summary: 'crafted Markdown hangs the page (ReDoS)',
  },
  {
    id: 'GHSA-mmhx-hmjr-r674',
    package: 'dompurify',
    affected: [
      { from: '0.0.0', below: '2.5.4' },
      { from: '3.0.0', below: '3.1.3' },
    ],
    severity: 'critical',
    summary: 'crafted HTML gets past the sanitiser (XSS)',
  },
  { id: 'GHSA-xvch-5gv4-984h', package: 'minimist', affected: [{ from: '0.0.0', below: '1.2.6' }], severity: 'critical', summary: 'prototype pollution' },
  {
    id: 'GHSA-r683-j2x4-v87g',
    package: 'node-fetch',
    affected: [{ from: '0.0.0', below: '2.6.7' }],
    severity: 'high',
    summary: 'cookies and authorization headers are sent on to another site after a redirect',
  },
  {
    id: 'GHSA-gxr4-xjj5-5px2',
    package: 'jquery',
    affected: [{ from: '1.2.0', below: '3.5.0' }],
    severity: 'moderate',
    summary: 'HTML passed to its DOM methods can run scripts (XSS)',
  },
  {
    id: 'GHSA-8cf7-32gw-wr33',
    package: 'jsonwebtoken',
    affected: [{ from: '0.0.0', below: '9.0.0' }],
    severity: 'high',
    summary: 'tokens signed with a weak or unexpected algorithm are accepted',
  },
];

const parts = (v: string) => v.split('.').map((n) => Number.parseInt(n, 10) || 0);

/** -1, 0 or 1 as version `a` is below, equal to or above `b` (major.minor.patch; pre-releases as their release). */
export function compareVersions(a: string, b: string): number {
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) < (y[i] ?? 0) ? -1 : 1;
  return 0;
}

/** The version a dependency's spec names (its lower bound: `^1.6.0` → `1.6.0`), or null for what is no version (a tag, a URL). */
export function declaredVersion(spec: string): string | null {
  const m = /^\s*(?:[\^~]|>=|=)?\s*v?(\d+)(?:\.(\d+|x|\*))?(?:\.(\d+|x|\*))?/.exec(spec);
  if (!m) return null;
  const n = (s: string | undefined) => (s === undefined || s === 'x' || s === '*' ? '0' : s);
  return `${m[1]}.${n(m[2])}.${n(m[3])}`;
}

/** The advisories that affect `version` of `name`. */
export function advisoriesOf(name: string, version: string): Advisory[] {
  return ADVISORIES.filter((a) => a.package === name && a.affected.some((r) => compareVersions(version, r.from) >= 0 && compareVersions(version, r.below) < 0));
}

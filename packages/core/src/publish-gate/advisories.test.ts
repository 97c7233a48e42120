import { describe, expect, it } from 'vitest';
import { ADVISORIES, advisoriesOf, compareVersions, declaredVersion } from './advisories';

describe('advisories', () => {
  it('compares versions by number, not as text', () => {
    expect(compareVersions('1.10.0', '1.9.9')).toBe(1);
    expect(compareVersions('2.29.4', '2.29.4')).toBe(0);
    expect(compareVersions('0.9', '1.0.0')).toBe(-1);
  });

  it('reads the version a spec declares, and nothing from what is no version', () => {
    expect(declaredVersion('^1.6.0')).toBe('1.6.0');
    expect(declaredVersion('~4.17')).toBe('4.17.0');
    expect(declaredVersion('>=2.0.0')).toBe('2.0.0');
    expect(declaredVersion('3.x')).toBe('3.0.0');
    expect(declaredVersion('v1.2.3')).toBe('1.2.3');
    for (const spec of ['latest', '*', 'github:user/repo', 'file:../x', '']) expect(declaredVersion(spec)).toBeNull();
  });

  it('matches each affected range, from inclusive, below exclusive', () => {
    expect(advisoriesOf('dompurify', '2.5.3').map((a) => a.id)).toEqual(['GHSA-mmhx-hmjr-r674']);
    expect(advisoriesOf('dompurify', '2.5.4')).toEqual([]);
    expect(advisoriesOf('dompurify', '3.1.2')).toHaveLength(1);
    expect(advisoriesOf('dompurify', '3.1.3')).toEqual([]);
    expect(advisoriesOf('moment', '2.17.9')).toEqual([]);
    expect(advisoriesOf('left-pad', '0.0.1')).toEqual([]);
  });

  it('names each advisory once, with ranges that make sense', () => {
    expect(new Set(ADVISORIES.map((a) => a.id)).size).toBe(ADVISORIES.length);
    for (const a of ADVISORIES) for (const r of a.affected) expect(compareVersions(r.from, r.below)).toBe(-1);
  });
});

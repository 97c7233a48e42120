import { describe, expect, it } from 'vitest';
import type { GateFinding } from '@sprout/core/contract';
import { checkSummary, criticalRules, findingPlace, gateDecision, groupFindings, reasonHint, ruleTitle, severityLabel } from './gate-findings';

const finding = (over: Partial<GateFinding>): GateFinding => ({
  severity: 'critical',
  rule: 'secret-in-client',
  file: 'client/src/config.ts',
  line: 1,
  message: 'x',
  ...over,
});

describe('the security check’s findings in the publish dialog', () => {
  it('names rules and severities in plain words', () => {
    expect(ruleTitle('secret-in-client')).toBe("A key in the app's code");
    expect(ruleTitle('known-advisory')).toBe('A package with a known vulnerability');
    expect(severityLabel('critical')).toBe('Must fix');
    expect(severityLabel('warning')).toBe('Worth a look');
    expect(findingPlace({ file: 'client/src/a.ts', line: 12 })).toBe('client/src/a.ts:12');
    expect(findingPlace({ file: 'package.json', line: null })).toBe('package.json');
  });

  it('groups by rule and severity, critical first, each group by file and line', () => {
    const groups = groupFindings([
      finding({ severity: 'warning', rule: 'html-from-data', file: 'b.tsx', line: 3 }),
      finding({ severity: 'critical', rule: 'others-can-change', file: 'server/rules.json', line: null }),
      finding({ severity: 'warning', rule: 'insecure-script', file: 'index.html', line: 2 }),
      finding({ severity: 'warning', rule: 'html-from-data', file: 'a.tsx', line: 9 }),
      finding({ severity: 'critical', rule: 'secret-in-client', file: 'b.ts', line: 5 }),
      finding({ severity: 'critical', rule: 'secret-in-client', file: 'b.ts', line: 2 }),
      finding({ severity: 'warning', rule: 'secret-in-client', file: 'c.ts', line: 1 }),
    ]);
    expect(groups.map((g) => `${g.severity} ${g.rule} ${g.findings.map(findingPlace).join(' ')}`)).toEqual([
      'critical secret-in-client b.ts:2 b.ts:5',
      'critical others-can-change server/rules.json',
      'warning secret-in-client c.ts:1',
      'warning html-from-data a.tsx:9 b.tsx:3',
      'warning insecure-script index.html:2',
    ]);
    expect(groupFindings([])).toEqual([]);
  });

  it('sums up what blocks publishing and what is only worth a look', () => {
    expect(checkSummary([finding({}), finding({ line: 4 })])).toBe('1 problem to fix before publishing, or accept the risk with a reason.');
    expect(checkSummary([finding({}), finding({ rule: 'public-personal-data' }), finding({ severity: 'warning', rule: 'html-from-data' })])).toBe(
      '2 problems to fix before publishing, or accept the risk with a reason; 1 thing worth a look.',
    );
    expect(checkSummary([finding({ severity: 'warning' }), finding({ severity: 'warning', rule: 'insecure-script' })])).toBe(
      'Nothing blocks publishing; 2 things worth a look.',
    );
  });

  it('counts a reason as the server does: trimmed, at least 10 characters', () => {
    expect(reasonHint('')).toBe('At least 10 characters (10 more)');
    expect(reasonHint('  test key  ')).toBe('At least 10 characters (2 more)');
    expect(reasonHint('a test key only')).toBe('15/500 characters');
  });
});

describe('whether the dialog may publish', () => {
  const findings = [
    finding({}),
    finding({ file: 'other.ts' }),
    finding({ rule: 'webhook-unverified' }),
    finding({ severity: 'warning', rule: 'html-from-data' }),
  ];

  it('needs every critical rule once, not every finding, and never a warning', () => {
    expect(criticalRules(findings)).toEqual(['secret-in-client', 'webhook-unverified']);
    expect(gateDecision([finding({ severity: 'warning' })], {})).toEqual({ allowed: true, acknowledge: [], critical: [] });
    expect(gateDecision([], {}).allowed).toBe(true);
  });

  it('waits for each critical rule to be accepted with a reason of 10 to 500 characters', () => {
    const reason = 'Only a test-mode key';
    expect(gateDecision(findings, {}).allowed).toBe(false);
    expect(gateDecision(findings, { 'secret-in-client': { accepted: true, reason } }).allowed).toBe(false);
    expect(
      gateDecision(findings, { 'secret-in-client': { accepted: true, reason }, 'webhook-unverified': { accepted: true, reason: '   too short   ' } }).allowed,
    ).toBe(false);
    expect(
      gateDecision(findings, { 'secret-in-client': { accepted: true, reason }, 'webhook-unverified': { accepted: true, reason: 'x'.repeat(501) } }).allowed,
    ).toBe(false);
    // A reason typed and then un-ticked is not an acknowledgement.
    expect(gateDecision(findings, { 'secret-in-client': { accepted: false, reason }, 'webhook-unverified': { accepted: true, reason } }).allowed).toBe(false);
  });

  it('sends one trimmed acknowledgement per critical rule, and none for rules no longer found', () => {
    const decision = gateDecision(findings, {
      'webhook-unverified': { accepted: true, reason: '  Signed by the provider upstream  ' },
      'secret-in-client': { accepted: true, reason: 'Only a test-mode key' },
      'known-advisory': { accepted: true, reason: 'Kept from an earlier version' },
    });
    expect(decision).toEqual({
      allowed: true,
      critical: ['secret-in-client', 'webhook-unverified'],
      acknowledge: [
        { rule: 'secret-in-client', reason: 'Only a test-mode key' },
        { rule: 'webhook-unverified', reason: 'Signed by the provider upstream' },
      ],
    });
  });
});

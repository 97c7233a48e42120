import { describe, expect, it } from 'vitest';
import { appEmailLimits, isEmailAddress, isSenderName } from './email-limits';

describe('app mail rules', () => {
  it('give paid plans more mail, and the preview less than the published app', () => {
    for (const tier of ['free', 'tier-2']) expect(appEmailLimits(tier).testPerDay).toBeLessThan(appEmailLimits(tier).livePerDay);
    expect(appEmailLimits('tier-2').livePerDay).toBeGreaterThan(appEmailLimits('free').livePerDay);
  });

  it('take one plain address, nothing that could add a recipient or a header', () => {
    for (const ok of ['ada@example.com', 'a.b+tag@mail.example.co.uk']) expect(isEmailAddress(ok)).toBe(true);
    for (const bad of [
      '',
      'ada',
      'ada@',
      'Ada <ada@example.com>',
      'a@example.com, b@example.com',
      'a@example.com\r\nBcc: b@example.com',
      `${'a'.repeat(250)}@x.io`,
    ])
      expect(isEmailAddress(bad), bad).toBe(false);
  });

  it('take a sender name that cannot break out of the From header', () => {
    expect(isSenderName('Bake Sale')).toBe(true);
    for (const bad of ['', 'x'.repeat(61), 'Evil" <ceo@bank.example>', 'Line\r\nBcc: x@y.z']) expect(isSenderName(bad), bad).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { collectionRules, declaresPayments, levelAllows, mayAccess, parseDataRules, PAYMENTS_COLLECTION, PAYMENTS_RULES } from './rules';

describe('the reserved payments collection', () => {
  it('is ignored when sprout.data.json declares it, so no rules file loosens it, and the rest stays open', () => {
    const text = JSON.stringify({ collections: { payments: { read: 'anyone', create: 'anyone' }, notes: { read: 'anyone' } } });
    const parsed = parseDataRules(text);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) {
      expect(Object.keys(parsed.rules.collections)).toEqual(['notes']);
      expect(collectionRules(parsed.rules, PAYMENTS_COLLECTION)).toBe(PAYMENTS_RULES);
    }
    expect(declaresPayments(text)).toBe(true);
    for (const other of [JSON.stringify({ collections: { notes: {} } }), '{not json', null, JSON.stringify({ collections: [] })])
      expect(declaresPayments(other)).toBe(false);
  });

  it('is read by the payer and the owner only, and written by nobody through the data API', () => {
    const rules = collectionRules({ collections: {} }, PAYMENTS_COLLECTION);
    expect(rules).toBe(PAYMENTS_RULES);
    const payer = { visitorId: 'v1', userId: null };
    expect(mayAccess(rules.read, payer, 'visitor:v1')).toBe(true);
    expect(mayAccess(rules.read, { visitorId: 'v2', userId: null }, 'visitor:v1')).toBe(false);
    for (const op of ['create', 'update', 'delete'] as const) expect(levelAllows(rules[op], payer)).toBe(false);
  });
});

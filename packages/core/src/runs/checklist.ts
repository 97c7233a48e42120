import type { ChecklistItem } from '../contract/plans';

const key = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[.!]+$/, '');

/**
 * A plan's checklist as its build ended: an item passed or failed as the behaviour check named after
 * it did (names compared without case, spacing or a final full stop); an item no check tests, or a
 * build that made no version, is not built.
 */
export function checklistStatus(items: readonly string[], behaviour: readonly { name: string; ok: boolean }[] | null, built: boolean): ChecklistItem[] {
  const checks = new Map((behaviour ?? []).map((b) => [key(b.name), b.ok]));
  return items.map((item) => {
    const ok = built ? checks.get(key(item)) : undefined;
    return { item, status: ok === undefined ? 'not-built' : ok ? 'passed' : 'failed' };
  });
}

import type { BehaviourCheckResult } from '@sprout/core/contract';

// "Adding a plant lists it" reads as part of a sentence; "CSV export works" keeps its capitals.
const inSentence = (name: string) => (/^[A-Z][a-z]/.test(name) ? name.charAt(0).toLowerCase() + name.slice(1) : name);

/**
 * What the app was tried on, in the words of its checks: "Tested: adding a plant lists it ✓",
 * "… ✓ and 2 more", or the first that failed ("Not working yet: …"), never a count of "checks".
 */
export function checksSummary(results: readonly Pick<BehaviourCheckResult, 'name' | 'ok'>[]): string {
  const failed = results.filter((r) => !r.ok);
  if (results.length === 0) return 'Nothing to test';
  if (failed.length === 0) {
    const more = results.length - 1;
    return `Tested: ${inSentence(results[0]!.name)} ✓${more > 0 ? ` and ${more} more` : ''}`;
  }
  const of = results.length > 1 ? ` (${failed.length} of ${results.length} tests)` : '';
  return `Not working yet: ${inSentence(failed[0]!.name)}${of}`;
}

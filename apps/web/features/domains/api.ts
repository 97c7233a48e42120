import { addCustomDomain, listCustomDomains, removeCustomDomain, updateCustomDomain, verifyCustomDomain } from '@sprout/core/routes';
import type { ApiCall } from '@/lib/api/client';

/** A published app's custom domains (`{api}/build/v1/sprouts/:id/domains`): listed, added, checked, made primary, removed. */
export function domainCalls(call: ApiCall) {
  return {
    list: (sproutId: string) => call(listCustomDomains, { params: { id: sproutId } }),
    add: (sproutId: string, domain: string) => call(addCustomDomain, { params: { id: sproutId }, body: { domain } }),
    verify: (sproutId: string, domain: string) => call(verifyCustomDomain, { params: { id: sproutId, domain } }),
    setPrimary: (sproutId: string, domain: string, primary: boolean) => call(updateCustomDomain, { params: { id: sproutId, domain }, body: { primary } }),
    remove: (sproutId: string, domain: string) => call(removeCustomDomain, { params: { id: sproutId, domain } }),
  };
}

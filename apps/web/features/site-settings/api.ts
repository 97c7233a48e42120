import type { SiteSettingsInput, SiteSettingsView } from '@sprout/core/contract';
import { saveSiteSettings, siteSettings, uploadFavicon, uploadSocialImage } from '@sprout/core/routes';
import type { ApiCall, ApiClient } from '@/lib/api/client';

/** The Publish settings panel's calls (`{api}/build/v1/sprouts/:id/site-settings`): read and save the pages' settings. */
export function siteSettingsCalls(call: ApiCall) {
  return {
    get: (sproutId: string) => call(siteSettings, { params: { id: sproutId } }),
    save: (sproutId: string, body: SiteSettingsInput) => call(saveSiteSettings, { params: { id: sproutId }, body }),
  };
}

/** The image itself as the body (the server tells its type from its bytes) → the settings with it chosen. */
export async function uploadSiteImage(api: ApiClient, sproutId: string, kind: 'social-image' | 'favicon', file: Blob): Promise<SiteSettingsView> {
  const res = await api.fetch(kind === 'favicon' ? uploadFavicon : uploadSocialImage, { params: { id: sproutId } }, file);
  const json = (await res.json().catch(() => ({}))) as Partial<SiteSettingsView> & { message?: unknown };
  if (!res.ok) throw new Error(typeof json.message === 'string' ? json.message : `The upload did not work (${res.status}). Please try again.`);
  return json as SiteSettingsView;
}

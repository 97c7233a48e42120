'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SiteSettingsInput, SiteSettingsView } from '@sprout/core/contract';
import { useApi, useCalls } from '@/lib/api/services';
import { useAuth } from '@/lib/api/auth';
import { errorText } from '@/lib/api/error-text';
import { toast } from '@/lib/browser/toast';
import { siteSettingsCalls, uploadSiteImage } from './api';

/* The published app's page settings as hooks: read while the panel is open, saved and uploaded with a toast. */

const keys = { settings: (sproutId: string) => ['site-settings', sproutId] as const };

export function useSiteSettings(sproutId: string, enabled: boolean) {
  const calls = useCalls(siteSettingsCalls);
  const signedIn = useAuth().status === 'signed-in';
  return useQuery({ queryKey: keys.settings(sproutId), queryFn: () => calls.get(sproutId), enabled: enabled && signedIn });
}

export function useSaveSiteSettings(sproutId: string, onSaved: () => void) {
  const calls = useCalls(siteSettingsCalls);
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SiteSettingsInput) => calls.save(sproutId, input),
    onSuccess: (view) => {
      qc.setQueryData(keys.settings(sproutId), view);
      toast.success('Publish settings saved. Your published pages show them now.');
      onSaved();
    },
    onError: (err) => toast.error(errorText(err, { otherwise: 'The settings could not be saved. Please try again.' })),
  });
}

export function useUploadSiteImage(sproutId: string, kind: 'social-image' | 'favicon') {
  const api = useApi();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadSiteImage(api, sproutId, kind, file),
    onSuccess: (view) => {
      qc.setQueryData<SiteSettingsView>(keys.settings(sproutId), view);
      toast.success(kind === 'favicon' ? 'Favicon uploaded' : 'Social image uploaded');
    },
  });
}

'use client';
import type { Sprout } from '@sprout/core/contract';
import { useState } from 'react';
import { toast } from '@/lib/browser/toast';
import { useApi } from '@/lib/api/services';
import { downloadExport } from './api';

/** The project as a zip (a standalone Vite project: `npm install && npm run build`). */
export function useExportSprout(sprout: Sprout) {
  const api = useApi();
  const [pending, setPending] = useState(false);

  const run = async () => {
    if (pending) return;
    setPending(true);
    try {
      const done = await downloadExport(api, sprout);
      if ('refused' in done) toast.error(`Could not export the code: ${done.refused}`);
      else toast.success(`Downloading ${done.name}`, { description: 'Unzip it, then run npm install and npm run dev.' });
    } catch {
      toast.error('Could not export the code: could not reach Sprout. Check your connection and try again.');
    } finally {
      setPending(false);
    }
  };

  return { run, pending };
}

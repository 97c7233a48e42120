'use client';
import { useState } from 'react';
import { toast } from '@/lib/client/toast';
import { Download, Loader2 } from 'lucide-react';
import { useAppServices } from '@/lib/client/app-context';
import { useDevOverrides } from '@/lib/client/dev-overrides';
import type { Sprout } from '@/lib/client/types';
import { Button } from '@/components/ui/button';
import { Tooltip } from '@/components/ui/tooltip';
import { exportFileName, fileNameFromDisposition } from './format';

async function errorMessageOf(res: Response): Promise<string> {
  const json = (await res.json().catch(() => ({}))) as { message?: unknown };
  return typeof json.message === 'string' ? json.message : `${res.statusText || 'Error'} (${res.status})`;
}

/** Hands a blob to the browser as a download called `name`. */
function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Give the browser time to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * GET /build/v1/sprouts/:id/export with the bearer token (a plain link cannot send it), saved as
 * `{name}.zip`: a standalone Vite project (`npm install && npm run build`).
 */
export function useExportSprout(sprout: Sprout) {
  const { config, identity } = useAppServices();
  const { impersonationToken } = useDevOverrides();
  const [pending, setPending] = useState(false);

  const run = async () => {
    if (pending) return;
    setPending(true);
    const url = `${config.apiUrl}/build/v1/sprouts/${encodeURIComponent(sprout.id)}/export`;
    const get = (token: string | null) => fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    try {
      let res = await get(impersonationToken ?? (await identity.getIdToken()));
      if (res.status === 401 && !impersonationToken) res = await get(await identity.getIdToken(true));
      if (!res.ok) {
        toast.error(`Could not export the code: ${await errorMessageOf(res)}`);
        return;
      }
      const name = fileNameFromDisposition(res.headers.get('content-disposition')) ?? exportFileName(sprout);
      saveBlob(await res.blob(), name);
      toast.success(`Downloading ${name}`, { description: 'Unzip it, then run npm install and npm run dev.' });
    } catch {
      toast.error('Could not export the code: could not reach Sprout. Check your connection and try again.');
    } finally {
      setPending(false);
    }
  };

  return { run, pending };
}

/** "Export code" beside Publish: an icon on phones, icon and label from `lg` up. */
export function ExportButton({ sprout }: { sprout: Sprout }) {
  const { run, pending } = useExportSprout(sprout);
  return (
    <Tooltip content="Download the code as a zip">
      <Button
        variant="outline"
        size="sm"
        className="shrink-0"
        data-testid="export-button"
        aria-label={pending ? 'Exporting code' : 'Export code'}
        aria-busy={pending}
        disabled={pending || !sprout.currentVersionId}
        onClick={() => void run()}
      >
        {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Download aria-hidden="true" />}
        <span className="hidden lg:inline">Export</span>
      </Button>
    </Tooltip>
  );
}

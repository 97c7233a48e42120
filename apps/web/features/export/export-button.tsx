'use client';
import type { Sprout } from '@sprout/core/contract';
import { Download, Loader2 } from 'lucide-react';
import { useExportSprout } from './queries';
import { Button } from '@/ui/button';
import { Tooltip } from '@/ui/tooltip';

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

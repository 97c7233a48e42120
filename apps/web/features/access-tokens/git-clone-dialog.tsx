'use client';
import { useState } from 'react';
import Link from 'next/link';
import { GitBranch } from 'lucide-react';
import type { Sprout } from '@sprout/core/contract';
import { useAppServices } from '@/lib/api/services';
import { Button } from '@/ui/button';
import { CopyButton } from '@/ui/copy-button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/ui/dialog';
import { Tooltip } from '@/ui/tooltip';
import { cloneAddress } from './git-text';
import { RemoteSyncSection } from './remote-sync-section';

/**
 * "Git" beside Export (its icon alone below `lg`, as Export's): the clone address, a copy button and
 * where to get a token; then syncing with a remote repository.
 */
export function GitCloneButton({ sprout }: { sprout: Sprout }) {
  const [open, setOpen] = useState(false);
  const { config } = useAppServices();
  const address = cloneAddress(config.apiUrl, sprout.id);
  return (
    <>
      <Tooltip content="Clone, pull and push this project with git">
        <Button variant="outline" size="sm" className="shrink-0" data-testid="git-button" aria-label="Git access" onClick={() => setOpen(true)}>
          <GitBranch aria-hidden="true" />
          <span className="hidden lg:inline">Git</span>
        </Button>
      </Tooltip>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-w-lg">
          <DialogHeader>
            <DialogTitle>Git access</DialogTitle>
            <DialogDescription>
              Clone this project, then pull and push with git. Each commit you push to main becomes a new version, checked like an edit made here.
            </DialogDescription>
          </DialogHeader>
          <div className="flex min-w-0 items-center gap-2">
            <code className="min-w-0 flex-1 truncate rounded-md border bg-muted px-3 py-2 font-mono text-sm" data-testid="git-clone-address">
              {address}
            </code>
            <CopyButton text={address} label="Copy clone address" testId="copy-clone-address" />
          </div>
          <p className="text-sm text-muted-foreground">
            When git asks for a password, use an access token.{' '}
            <Link href="/settings#settings-access-tokens" className="font-medium text-primary underline-offset-4 hover:underline">
              Create a token in Settings
            </Link>
            .
          </p>
          <RemoteSyncSection sprout={sprout} open={open} />
        </DialogContent>
      </Dialog>
    </>
  );
}

'use client';
import type { Sprout } from '@sprout/core/contract';
import { useCallback, useMemo, useState, type Dispatch, type SetStateAction } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/browser/toast';
import { useSaveProjectFile } from './queries';
import { errorText, hasStatus } from '@/lib/api/error-text';
import { projectKeys } from '@/features/projects';
import { versionNameInline } from '@/lib/version-label';

/** A file edited by hand and not saved yet, with the version the edit started from. */
export interface Draft {
  content: string;
  baseVersionId: string;
}

export interface SaveConflict {
  path: string;
  message: string;
  canOverwrite: boolean;
}

/**
 * A manual edit becomes a new version (`source: 'manual'`); the caches move to it at once (see
 * useSaveProjectFile). A version that moved on meanwhile (409 version_conflict) keeps the edit and
 * says so; the person reloads or overwrites.
 */
export function useSaveFile(sprout: Sprout, setDrafts: Dispatch<SetStateAction<Record<string, Draft>>>) {
  const qc = useQueryClient();
  const { mutateAsync } = useSaveProjectFile(sprout);
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<SaveConflict | null>(null);
  const id = sprout.id;

  const save = useCallback(
    async (path: string, draft: Draft, opts: { overwrite?: boolean } = {}) => {
      const latest = qc.getQueryData<Sprout>(projectKeys.sprout(id)) ?? sprout;
      const base = opts.overwrite ? (latest.currentVersionId ?? draft.baseVersionId) : draft.baseVersionId;
      setSaving(true);
      try {
        const { version } = await mutateAsync({ path, content: draft.content, baseVersionId: base });
        setDrafts((d) => {
          if (d[path]?.content !== draft.content) return { ...d, [path]: { ...d[path]!, baseVersionId: version.id } };
          const { [path]: _, ...rest } = d;
          return rest;
        });
        setConflict(null);
        toast.success(`Saved as ${versionNameInline(version.number)}`);
      } catch (err) {
        if (hasStatus(err, 409) && err.code === 'version_conflict') {
          setConflict({
            path,
            message: 'This project has a newer version than the one you were editing (Sprout or another tab saved it). Your edits are still here.',
            canOverwrite: true,
          });
          // Learn the newest version, so "Save mine over it" and the tree catch up.
          void qc.invalidateQueries({ queryKey: projectKeys.sprout(id) });
        } else if (hasStatus(err, 409)) {
          toast.error(err.serverMessage ?? 'Sprout is changing this project right now. Save again when it is done.');
        } else {
          toast.error(`Could not save ${path.split('/').pop()}: ${errorText(err, { otherwise: 'Something went wrong.' })}`);
        }
      } finally {
        setSaving(false);
      }
    },
    [mutateAsync, qc, id, sprout, setDrafts],
  );

  const clearConflict = useCallback(() => setConflict(null), []);
  return useMemo(() => ({ save, saving, conflict, clearConflict }), [save, saving, conflict, clearConflict]);
}

'use client';
import { useCallback, useMemo, useState, type Dispatch, type SetStateAction } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/client/toast';
import { ApiError } from '@/lib/client/api';
import { putSproutInCaches, queryKeys } from '@/lib/client/queries';
import type { Sprout } from '@/lib/client/types';
import { useBuildApi } from '../build-api';
import { buildKeys, type ProjectFile, type VersionDto } from '../chat/types';

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
 * PUT /build/v1/sprouts/:id/files: a manual edit becomes a new version (`source: 'manual'`). The
 * caches move to it at once (the preview reloads, the history lists it). A version that moved on
 * meanwhile (409 version_conflict) keeps the edit and says so; the person reloads or overwrites.
 */
export function useSaveFile(sprout: Sprout, setDrafts: Dispatch<SetStateAction<Record<string, Draft>>>) {
  const buildApi = useBuildApi();
  const qc = useQueryClient();
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<SaveConflict | null>(null);
  const id = sprout.id;

  const save = useCallback(
    async (path: string, draft: Draft, opts: { overwrite?: boolean } = {}) => {
      const latest = qc.getQueryData<Sprout>(queryKeys.sprout(id)) ?? sprout;
      const base = opts.overwrite ? (latest.currentVersionId ?? draft.baseVersionId) : draft.baseVersionId;
      setSaving(true);
      try {
        const { version } = await buildApi<{ version: VersionDto }>('PUT', `/sprouts/${encodeURIComponent(id)}/files`, { path, content: draft.content, baseVersionId: base });
        // The new version's files are the old ones with this file replaced: no reload, no flicker.
        const before = qc.getQueryData<{ version: VersionDto; files: ProjectFile[] }>(buildKeys.files(id, base));
        if (before) {
          const size = new TextEncoder().encode(draft.content).byteLength;
          const files = before.files.some((f) => f.path === path)
            ? before.files.map((f) => (f.path === path ? { ...f, content: draft.content, size } : f))
            : [...before.files, { path, content: draft.content, size }];
          qc.setQueryData(buildKeys.files(id, version.id), { version, files });
        }
        setDrafts((d) => {
          if (d[path]?.content !== draft.content) return { ...d, [path]: { ...d[path]!, baseVersionId: version.id } };
          const { [path]: _, ...rest } = d;
          return rest;
        });
        setConflict(null);
        const current = qc.getQueryData<Sprout>(queryKeys.sprout(id)) ?? sprout;
        putSproutInCaches(qc, { ...current, currentVersionId: version.id, updatedAt: version.createdAt });
        void qc.invalidateQueries({ queryKey: buildKeys.versions(id) });
        toast.success(`Saved as version ${version.number}`);
      } catch (err) {
        if (err instanceof ApiError && err.status === 409 && err.code === 'version_conflict') {
          setConflict({
            path,
            message: 'This project has a newer version than the one you were editing (Sprout or another tab saved it). Your edits are still here.',
            canOverwrite: true,
          });
          // Learn the newest version, so "Save mine over it" and the tree catch up.
          void qc.invalidateQueries({ queryKey: queryKeys.sprout(id) });
        } else if (err instanceof ApiError && err.status === 409) {
          toast.error(err.serverMessage ?? 'Sprout is changing this project right now. Save again when it is done.');
        } else {
          const message = err instanceof ApiError ? (err.serverMessage ?? `${err.statusText} (${err.status})`) : 'Something went wrong.';
          toast.error(`Could not save ${path.split('/').pop()}: ${message}`);
        }
      } finally {
        setSaving(false);
      }
    },
    [buildApi, qc, id, sprout, setDrafts],
  );

  const clearConflict = useCallback(() => setConflict(null), []);
  return useMemo(() => ({ save, saving, conflict, clearConflict }), [save, saving, conflict, clearConflict]);
}

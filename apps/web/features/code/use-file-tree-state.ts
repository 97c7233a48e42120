'use client';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { ancestorsOf, buildTree, defaultFile } from './file-tree';

/**
 * Which file is open and which folders are expanded. The main file opens first; when the open file
 * disappears in a new version (and has no unsaved edit), the main file takes its place.
 */
export function useFileTreeState(paths: string[] | null, hasDraft: (path: string) => boolean) {
  const tree = useMemo(() => buildTree(paths ?? []), [paths]);
  const [selected, setSelected] = useState<string | null>(null);
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set());
  const [treeOpen, setTreeOpen] = useState(false);

  useEffect(() => {
    if (!paths) return;
    if (selected && (paths.includes(selected) || hasDraft(selected))) return;
    const next = defaultFile(paths);
    setSelected(next);
    if (next) setExpanded((e) => new Set([...e, ...ancestorsOf(next)]));
  }, [paths, selected, hasDraft]);

  const select = useCallback((path: string) => {
    setSelected(path);
    setTreeOpen(false);
  }, []);

  /** Opens `path` with its folders expanded (a file card's "Open in Code"). */
  const reveal = useCallback((path: string) => {
    setSelected(path);
    setExpanded((e) => new Set([...e, ...ancestorsOf(path)]));
    setTreeOpen(false);
  }, []);

  const toggle = useCallback((path: string) => {
    setExpanded((e) => {
      const next = new Set(e);
      if (next.has(path)) next.delete(path);
      else next.add(path);
      return next;
    });
  }, []);

  return { tree, selected, expanded, select, reveal, toggle, treeOpen, setTreeOpen };
}

'use client';
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { isPreviewMessage, isPreviewUpdate, type PreviewLogLevel, type PreviewMessage, type PreviewUpdateMessage } from '@sprout/core';
import { formatLocation } from '@sprout/core';
import type { BuildStatus } from '@sprout/core/contract';

export interface LogEntry {
  id: string;
  source: 'build' | 'runtime';
  level: PreviewLogLevel;
  message: string;
  /** 'client/src/App.tsx:3:14' when known. */
  location: string;
  time: number;
  /** 'error' | 'unhandledrejection' | 'console' for runtime entries; 'update' for what a new version did. */
  kind?: PreviewMessage['type'] | 'update';
}

const MAX_RUNTIME_ENTRIES = 500;

/** The build output of a version as log lines: the summary, then each error and warning. */
export function buildLogEntries(status: BuildStatus | undefined, time: number): LogEntry[] {
  if (!status) return [];
  const entries: LogEntry[] = [
    {
      id: `build-${status.versionId}`,
      source: 'build',
      level: status.ok ? 'info' : 'error',
      message: status.ok
        ? `Built in ${Math.round(status.durationMs)} ms${status.warnings.length ? ` with ${status.warnings.length} warning${status.warnings.length === 1 ? '' : 's'}` : ''}`
        : `Build failed with ${status.errors.length} error${status.errors.length === 1 ? '' : 's'}`,
      location: '',
      time,
    },
  ];
  status.errors.forEach((e, i) =>
    entries.push({ id: `build-${status.versionId}-e${i}`, source: 'build', level: 'error', message: e.message, location: formatLocation(e), time }),
  );
  status.warnings.forEach((w, i) =>
    entries.push({ id: `build-${status.versionId}-w${i}`, source: 'build', level: 'warn', message: w.message, location: formatLocation(w), time }),
  );
  return entries;
}

/** What the preview did with a new version, as a log line: applied in place, or why it reloaded; null when it already showed it. */
export function updateLogMessage(update: PreviewUpdateMessage): { level: PreviewLogLevel; message: string } | null {
  if (update.outcome === 'current') return null;
  if (update.outcome === 'unreachable') return { level: 'warn', message: `New version not loaded yet: ${update.reason ?? 'the network is unreachable'}.` };
  if (update.outcome === 'hot') {
    const files = update.files.length ? update.files.join(', ') : 'nothing to swap';
    return { level: 'info', message: `New version applied in place, state kept: ${files}` };
  }
  if (update.outcome === 'expired') return { level: 'info', message: 'The preview session ended: opening the preview again.' };
  return { level: 'warn', message: `New version: the page reloaded because ${update.reason ?? 'it could not be updated in place'}.` };
}

/**
 * Console output and runtime errors the preview's bridge posts, accepted only from the preview's
 * origin (and only from our own iframe). Cleared when the iframe starts a new document
 * (`generation`), so the list and the error count always describe what is on screen.
 */
/**
 * The list with a runtime message added (the oldest dropped past the cap). An error told again for
 * the repair (`retold`: the page's version has its tag now) is added only when the list no longer
 * has it, as after the update that gave the tag started the list afresh.
 */
export function withRuntimeEntry(list: LogEntry[], entry: LogEntry, retold: boolean): LogEntry[] {
  if (retold && list.some((e) => e.kind === entry.kind && e.message === entry.message)) return list;
  return list.length >= MAX_RUNTIME_ENTRIES ? [...list.slice(1 - MAX_RUNTIME_ENTRIES), entry] : [...list, entry];
}

export function useRuntimeLogs(origin: string | null, frame: RefObject<HTMLIFrameElement | null>, generation: number) {
  const [entries, setEntries] = useState<LogEntry[]>([]);
  const counter = useRef(0);

  useEffect(() => {
    setEntries([]);
  }, [generation]);

  useEffect(() => {
    if (!origin) return;
    const onMessage = (event: MessageEvent) => {
      const own = frame.current?.contentWindow;
      if (own && event.source !== own) return;
      // Checked on its own: a guard that fails would narrow `event` for the next one.
      const report: { origin: string; data: unknown } = event;
      if (isPreviewUpdate(report, origin)) {
        const line = updateLogMessage(report.data);
        if (!line) return;
        counter.current += 1;
        const entry: LogEntry = { id: `run-${counter.current}`, source: 'runtime', ...line, location: '', time: Date.now(), kind: 'update' };
        // Another version is on screen: what the last one printed and threw no longer describes it
        // (a version that did not arrive changed nothing on screen).
        setEntries((list) => (report.data.outcome === 'unreachable' ? [...list, entry] : [entry]));
        return;
      }
      if (!isPreviewMessage(event, origin)) return;
      const m = event.data;
      counter.current += 1;
      const entry: LogEntry = {
        id: `run-${counter.current}`,
        source: 'runtime',
        level: m.level,
        message: m.message,
        location: formatLocation(m.location),
        time: m.time,
        kind: m.type,
      };
      setEntries((list) => withRuntimeEntry(list, entry, m.retold === true));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [origin, frame]);

  const clear = useCallback(() => setEntries([]), []);
  const errors = useMemo(() => entries.filter((e) => e.level === 'error'), [entries]);
  return { entries, errors, clear };
}

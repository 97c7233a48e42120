// Memory of a process and of the processes it started (Linux /proc), for bench/scale.ts: the API's
// own resident set (what its budget is about) and, apart, the render check's Chromium (the
// browser and its renderers are child processes of the API, not part of its RSS).
import { readdirSync, readFileSync } from 'node:fs';

/** VmHWM: the peak resident set size of the process so far; VmRSS: now. In MB (-1 when it is gone). */
export function rssMb(pid: number, field: 'VmHWM' | 'VmRSS' = 'VmHWM'): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith(`${field}:`));
    return line ? Math.round(Number(line.replace(/\D+/g, '')) / 1024) : -1;
  } catch {
    return -1;
  }
}

/** Every process below `pid` (children, their children, …). */
export function descendantsOf(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    // The command name is in parentheses and may hold spaces: the parent pid is the 2nd field after it.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
  }
  const found: number[] = [];
  const walk = (p: number) => {
    for (const c of children.get(p) ?? []) {
      found.push(c);
      walk(c);
    }
  };
  walk(pid);
  return found;
}

/**
 * Proportional set size in MB: shared pages split between the processes sharing them, so the sum
 * over Chromium's processes is what they take together (their RSS would count shared pages in each).
 */
export function pssMb(pid: number): number {
  try {
    const line = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Pss:'));
    return line ? Number(line.replace(/\D+/g, '')) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** The process's command name (`/proc/{pid}/comm`), '' when it is gone. */
function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

/**
 * Samples the memory of `pid`'s descendants named `command` (e.g. chromium: not the esbuild service
 * or a type checker) every `intervalMs` until stopped: their peak total PSS and peak count.
 */
export function sampleChildren(pid: number, command: RegExp, intervalMs = 500): { stop(): { peakMb: number; peakProcesses: number } } {
  let peakMb = 0;
  let peakProcesses = 0;
  const sample = () => {
    const pids = descendantsOf(pid).filter((p) => command.test(commandOf(p)));
    peakMb = Math.max(
      peakMb,
      pids.reduce((sum, p) => sum + pssMb(p), 0),
    );
    peakProcesses = Math.max(peakProcesses, pids.length);
  };
  sample();
  // Never what keeps the benchmark's process alive, should it end without stopping the sampler.
  const timer = setInterval(sample, intervalMs).unref();
  return {
    stop() {
      clearInterval(timer);
      sample();
      return { peakMb: Math.round(peakMb), peakProcesses };
    },
  };
}

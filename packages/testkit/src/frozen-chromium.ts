import { execFileSync } from 'node:child_process';

// Chromium made to stop answering, as a browser hung on a starved machine: its processes stopped
// (SIGSTOP) and, after the test, let go on (SIGCONT). For the tests of what the server does when its
// Chromium hangs; the processes are this process's own (a pool's launched Chromium).

/** The Chromium this process started: each launcher (a shell script on Debian) and every process under it. */
function chromiumProcesses(): number[] {
  const table = execFileSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line)!)
    .map((m) => ({ pid: Number(m[1]), ppid: Number(m[2]), args: m[3]! }));
  const found = table.filter((p) => p.ppid === process.pid && p.args.includes('chrom')).map((p) => p.pid);
  for (let i = 0; i < found.length; i++) for (const p of table) if (p.ppid === found[i]) found.push(p.pid);
  return found;
}

/** Sends `signal` to each process; one that has ended meanwhile (a page's renderer closing) is passed over. */
function signalAll(pids: readonly number[], signal: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ESRCH') throw err;
    }
  }
}

/** Stops every Chromium process this process started (there must be some) and answers how to let them go on. */
export function freezeChromium(): { frozen: number[]; thaw: () => void } {
  const frozen = chromiumProcesses();
  if (frozen.length < 2) throw new Error(`no running Chromium to freeze (found ${frozen.length} processes)`);
  signalAll(frozen, 'SIGSTOP');
  return { frozen, thaw: () => signalAll(frozen, 'SIGCONT') };
}

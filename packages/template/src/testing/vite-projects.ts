import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { scaledTimeout } from '@sprout/testkit';

// An exported project's vite.config.ts run by the real Vite, as `npm run dev` and `npm run preview`
// of an export run it. The React and Tailwind plugins are the export's own dev dependencies and are
// not installed in this repository; they play no part in forwarding to the backend, so they are
// replaced by plugins that do nothing. Everything else resolves from the repository's node_modules.

const REPO_MODULES = fileURLToPath(new URL('../../../../node_modules', import.meta.url));
const VITE = path.join(REPO_MODULES, 'vite/bin/vite.js');

/** The config without the plugins that are not installed here. */
export function withoutUninstalledPlugins(config: string): string {
  const out = config
    .replace("import react from '@vitejs/plugin-react';", "const react = () => ({ name: 'react' });")
    .replace("import tailwindcss from '@tailwindcss/vite';", "const tailwindcss = () => ({ name: 'tailwindcss' });");
  if (out.includes('@vitejs/plugin-react') || out.includes('@tailwindcss/vite')) throw new Error('vite.config.ts imports its plugins another way');
  return out;
}

/** Vite projects on disk and the Vite processes serving them; `cleanUp` stops and removes them all. */
export class ViteProjects {
  private readonly dirs: string[] = [];
  private readonly children: ChildProcess[] = [];

  /** A project folder with `files` (path → text; vite.config.ts without its plugins) and the repository's node_modules. */
  write(files: Record<string, string>): string {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sprout-vite-project-'));
    this.dirs.push(dir);
    for (const [name, content] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), name === 'vite.config.ts' ? withoutUninstalledPlugins(content) : content);
    }
    symlinkSync(REPO_MODULES, path.join(dir, 'node_modules'), 'dir');
    return dir;
  }

  /** Starts `vite` or `vite preview` in `dir` and resolves with its address once it listens. */
  start(dir: string, command: 'dev' | 'preview', env: Record<string, string> = {}): Promise<string> {
    const args = command === 'dev' ? [VITE, '--host', '127.0.0.1', '--port', '0'] : [VITE, 'preview', '--host', '127.0.0.1', '--port', '0'];
    // The project's own .env decides, not the test runner's environment.
    const { SPROUT_BACKEND_URL: _, ...inherited } = process.env;
    const child = spawn(process.execPath, args, { cwd: dir, env: { ...inherited, NO_COLOR: '1', ...env } });
    this.children.push(child);
    return new Promise((resolve, reject) => {
      let out = '';
      // Inside the test's limit, so the error shows what Vite printed; both grow with the machine's load.
      const timer = setTimeout(() => reject(new Error(`vite did not start:\n${out}`)), scaledTimeout(30_000));
      const read = (chunk: Buffer) => {
        out += chunk.toString();
        const url = /(http:\/\/127\.0\.0\.1:\d+)\//.exec(out)?.[1];
        if (url) {
          clearTimeout(timer);
          resolve(url);
        }
      };
      child.stdout!.on('data', read);
      child.stderr!.on('data', read);
      child.on('exit', (code) => reject(new Error(`vite exited (${code}):\n${out}`)));
    });
  }

  cleanUp(): void {
    for (const child of this.children) child.kill('SIGTERM');
    for (const dir of this.dirs) rmSync(dir, { recursive: true, force: true });
  }
}

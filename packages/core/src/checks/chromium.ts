/**
 * Where the browser that renders and exercises versions is found: Debian's Chromium, never a
 * downloaded one. Its headless shell (`apt-get install chromium-headless-shell`, the same Chromium
 * build without the desktop browser around it) comes first when installed: a fresh context with a
 * page costs it about a third of the CPU the full browser's headless mode spends (no browser
 * window UI, no tab strip renderer, no audio service), which is most of what a render check costs.
 */
export const CHROMIUM_CANDIDATES = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'] as const;

/** The first candidate that can be run, else the last (so a missing browser is named in the error). */
export function pickChromium(canRun: (path: string) => boolean): string {
  return CHROMIUM_CANDIDATES.find(canRun) ?? CHROMIUM_CANDIDATES[CHROMIUM_CANDIDATES.length - 1]!;
}

// Where in the project a runtime error comes from: the preview bridge's own logic
// (packages/preview/src/bridge-source-maps.js: frameOf, decodeMappings, locate), on the server. The
// bridge fetches `<bundle>.map` from the page's origin; here the maps come straight from the build
// being checked, so a check reports "client/src/App.tsx:12" exactly where the bridge would.

/** A position in a loaded script: 1-based line and column, as in a stack trace. */
export interface Frame {
  url: string;
  line: number;
  column: number;
}

export interface SourceLocation {
  file: string;
  line: number;
  column: number;
}

const VENDOR = '/_sprout/vendor/';

/** The first frame of a stack text in the app's own code (not a vendor package), as the bridge picks it. */
export function frameOf(stack: string | null | undefined): Frame | null {
  const re = /(https?:\/\/[^\s()]+?\.js):(\d+):(\d+)/g;
  const text = String(stack ?? '');
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (!m[1]!.includes(VENDOR)) return { url: m[1]!, line: Number(m[2]), column: Number(m[3]) };
  }
  return null;
}

/** The same choice from structured frames (DevTools' call frames are 0-based). */
export function firstAppFrame(callFrames: readonly { url: string; lineNumber: number; columnNumber: number }[] | undefined): Frame | null {
  const frame = callFrames?.find((f) => /^https?:\/\/[^\s()]+\.js$/.test(f.url) && !f.url.includes(VENDOR));
  return frame ? { url: frame.url, line: frame.lineNumber + 1, column: frame.columnNumber + 1 } : null;
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Source map `mappings` → per generated line, segments [generated column, source, line, column] (0-based). */
export function decodeMappings(mappings: string): number[][][] {
  const lines: number[][][] = [];
  const state = [0, 0, 0, 0];
  for (const row of mappings.split(';')) {
    const segments: number[][] = [];
    state[0] = 0;
    for (const part of row ? row.split(',') : []) {
      const values: number[] = [];
      let value = 0;
      let shift = 0;
      for (const ch of part) {
        const digit = B64.indexOf(ch);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          values.push(value & 1 ? -(value >> 1) : value >> 1);
          value = 0;
          shift = 0;
        }
      }
      for (let v = 0; v < values.length && v < 4; v++) state[v]! += values[v]!;
      if (values.length >= 4) segments.push([state[0]!, state[1]!, state[2]!, state[3]!]);
    }
    lines.push(segments);
  }
  return lines;
}

interface DecodedMap {
  sources: string[];
  lines: number[][][];
}

/**
 * Maps frames of one page load to project files with the source maps of the build it loaded.
 * `readMap(url)` gives the map text of a script URL (or null); each map is decoded once.
 */
export class SourceLocator {
  private readonly maps = new Map<string, DecodedMap | null>();

  constructor(
    private readonly origin: string,
    private readonly readMap: (url: string) => string | null,
  ) {}

  /** The project file, line and column of a frame; the bare path on the origin when no map covers it. */
  locate(frame: Frame | null): SourceLocation | null {
    if (!frame) return null;
    const raw = { file: frame.url.startsWith(this.origin) ? frame.url.slice(this.origin.length) : frame.url, line: frame.line, column: frame.column };
    const map = this.map(frame.url);
    const row = map?.lines[frame.line - 1];
    if (!map || !row) return raw;
    let best: number[] | null = null;
    for (let i = 0; i < row.length && row[i]![0]! <= frame.column - 1; i++) best = row[i]!;
    const file = best ? map.sources[best[1]!] : undefined;
    return best && file !== undefined ? { file, line: best[2]! + 1, column: best[3]! + 1 } : raw;
  }

  private map(url: string): DecodedMap | null {
    if (!this.maps.has(url)) {
      let decoded: DecodedMap | null = null;
      try {
        const text = this.readMap(url);
        const parsed = text ? (JSON.parse(text) as { sources?: unknown; mappings?: unknown }) : null;
        if (parsed && Array.isArray(parsed.sources) && typeof parsed.mappings === 'string')
          decoded = { sources: parsed.sources.map(String), lines: decodeMappings(parsed.mappings) };
      } catch {
        decoded = null;
      }
      this.maps.set(url, decoded);
    }
    return this.maps.get(url) ?? null;
  }
}

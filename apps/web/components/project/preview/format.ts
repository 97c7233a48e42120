/** What GET /build/v1/sprouts/:id/build answers for a version's preview build. */
export interface BuildMessage {
  file: string | null;
  line: number | null;
  column: number | null;
  message: string;
  lineText?: string;
}

export interface BuildStatus {
  versionId: string;
  ok: boolean;
  errors: BuildMessage[];
  warnings: BuildMessage[];
  durationMs: number;
}

/** 'client/src/App.tsx:3:14', 'client/src/App.tsx:3', 'client/src/App.tsx', or '' when nothing is known. */
export function formatLocation(where: { file: string | null; line: number | null; column: number | null } | null | undefined): string {
  if (!where?.file) return '';
  if (!where.line) return where.file;
  return where.column ? `${where.file}:${where.line}:${where.column}` : `${where.file}:${where.line}`;
}

/** One build message as a line of text: 'file:line:column: message'. */
export function formatBuildMessage(m: BuildMessage): string {
  const where = formatLocation(m);
  return where ? `${where}: ${m.message}` : m.message;
}

/** Build errors as plain text for the clipboard (and for pasting into the chat). */
export function buildErrorsText(errors: readonly BuildMessage[]): string {
  return errors
    .map((e) => {
      const snippet = e.lineText?.trim() ? `\n    ${e.lineText.trim()}` : '';
      return `${formatBuildMessage(e)}${snippet}`;
    })
    .join('\n\n');
}

// Names the API never gives an app (they would look like part of Sprout itself).
const RESERVED = new Set(['www', 'api', 'app', 'apps', 'admin', 'preview', 'sites', 'mail', 'sprout', 'static', 'assets', 'cdn', 'status', 'docs', 'blog', 'help', 'support', 'login', 'auth']);

/** The name part of a file name from a display name, the way the API names an export: 'Café Menu!' → 'cafe-menu'. */
export function slugOf(displayName: string): string {
  const slug = displayName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return slug === '' || RESERVED.has(slug) ? 'app' : slug;
}

/**
 * The zip's file name: the API names the export (and its root folder) after the project's published
 * address when it has one, else after its name. The browser cannot read Content-Disposition across
 * origins (it is not an exposed header), so the same name is worked out here.
 */
export function exportFileName(sprout: { displayName: string; publicUrl: string | null }): string {
  if (sprout.publicUrl) {
    try {
      const label = new URL(sprout.publicUrl).hostname.split('.')[0];
      if (label && /^[a-z0-9-]+$/.test(label)) return `${label}.zip`;
    } catch {
      // fall back to the name
    }
  }
  return `${slugOf(sprout.displayName)}.zip`;
}

/** Reads a file name from a Content-Disposition header when the browser lets us see it. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim());
    } catch {
      // fall through
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain ? plain[1]!.trim() : null;
}

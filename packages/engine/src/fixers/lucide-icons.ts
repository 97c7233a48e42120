import { packageExports } from './package-exports';

let icons: ReadonlySet<string> | undefined;

/** The names lucide-react exports as icons (`Plus`, `PlusIcon`, `LucidePlus`). */
export function lucideIconNames(): ReadonlySet<string> {
  icons ??= new Set([...(packageExports('lucide-react') ?? [])].filter((n) => /^[A-Z]/.test(n)));
  return icons;
}

/** What an icon lucide-react does not have becomes: neutral, so the screen still renders. */
export const FALLBACK_ICON = 'Circle';

import { Lru } from '../lru';
import type { BuiltAsset } from '../types';
import type { ModuleImport } from './analyze-module';
import type { LinkedModule } from './link-modules';
import type { ModuleName } from './module-names';

const JS = 'text/javascript; charset=utf-8';
const MAP = 'application/json; charset=utf-8';
const encoder = new TextEncoder();

const isIdentifier = (name: string) => /^[A-Za-z_$][\w$]*$/.test(name);
const exportName = (name: string) => (isIdentifier(name) ? name : JSON.stringify(name));

/**
 * Writes a module as the browser loads it: its project imports point at the imported modules' names
 * (relative, so the page's folder decides where all of them load from), and so do its imports of a
 * package the build serves as a file of its own (`served`: react/jsx-dev-runtime → the preview's JSX
 * runtime, which marks elements with their place in the source); stylesheet imports leave the script
 * (the page links them), Fast Refresh registrations and a source map link are appended. Output is
 * cached by the module's name, which covers everything it depends on (moduleNames is given the same
 * `served`).
 */
export class ModuleEmitter {
  private readonly cache = new Lru<string, { code: BuiltAsset; map: BuiltAsset }>(6000);

  emit(m: LinkedModule, names: ReadonlyMap<string, ModuleName>, served: ReadonlyMap<string, string> = new Map()): { code: BuiltAsset; map: BuiltAsset } {
    const { name } = names.get(m.path)!;
    const cached = this.cache.get(name);
    if (cached) return cached;
    const { code, map, analysis } = m.module;
    const parts: string[] = [];
    let at = 0;
    analysis.imports.forEach((imp, i) => {
      const target = m.targets[i]!;
      if (target.kind === 'module') {
        const url = JSON.stringify(`./${names.get(target.path)!.name}`);
        const dropped = m.dropped.get(i);
        if (dropped && (imp.reexports || imp.bindings)) {
          parts.push(code.slice(at, imp.statementStart), withoutNames(imp, dropped, url));
          at = imp.statementEnd;
        } else {
          parts.push(code.slice(at, imp.start), url);
          at = imp.end;
        }
      } else if (target.kind === 'package' && served.has(target.spec)) {
        parts.push(code.slice(at, imp.start), JSON.stringify(`./${served.get(target.spec)}`));
        at = imp.end;
      } else if (target.kind === 'style' || target.kind === 'package-style') {
        // Stylesheets are links of the page (and swapped in place on a new version), not modules.
        parts.push(
          code.slice(at, imp.statementStart),
          imp.kind === 'dynamic' ? 'Promise.resolve({})' : blank(code.slice(imp.statementStart, imp.statementEnd)),
        );
        at = imp.statementEnd;
      }
    });
    parts.push(code.slice(at));
    const tail = [';globalThis.__sproutHmr?.ran(import.meta.url);', analysis.refresh, `//# sourceMappingURL=${name}.map`].filter(Boolean).join('\n');
    const out = {
      code: { contentType: JS, body: encoder.encode(`${parts.join('')}\n${tail}\n`) },
      map: { contentType: MAP, body: encoder.encode(map) },
    };
    this.cache.set(name, out);
    return out;
  }
}

/** The statement without the names its target does not have (types, in TypeScript): they stand for undefined. */
function withoutNames(imp: ModuleImport, dropped: ReadonlySet<string>, url: string): string {
  if (imp.reexports) {
    const kept = imp.reexports.filter((r) => !dropped.has(r.local));
    const list = kept.map((r) => (r.local === r.exported ? exportName(r.local) : `${exportName(r.local)} as ${exportName(r.exported)}`));
    return kept.length ? `export { ${list.join(', ')} } from ${url};` : '';
  }
  const bindings = imp.bindings ?? [];
  const kept = bindings.filter((b) => !dropped.has(b.imported));
  const clause: string[] = [];
  const named: string[] = [];
  for (const b of kept) {
    if (b.imported === 'default') clause.push(b.local);
    else if (b.imported === '*') clause.push(`* as ${b.local}`);
    else named.push(b.imported === b.local ? b.local : `${exportName(b.imported)} as ${b.local}`);
  }
  if (named.length) clause.push(`{ ${named.join(', ')} }`);
  // The names only passed on are left out of the module's `export { … }` too: a binding stands for them.
  const placeholders = bindings.filter((b) => dropped.has(b.imported)).map((b) => `const ${b.local} = void 0;`);
  return [clause.length ? `import ${clause.join(', ')} from ${url};` : `import ${url};`, ...placeholders].join(' ');
}

/** The same text as spaces (line breaks kept), so columns and lines of the rest stay where the source map says. */
function blank(text: string): string {
  return text.replace(/[^\n]/g, ' ');
}

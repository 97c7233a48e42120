// "Add an FAQ section", "remove the testimonials", "add pricing after the features": landing pages
// only. The section's file is written (copy fitting the site) and App.tsx gains or loses two
// lines: the import and the element.

import { readMarker } from '../families/common';
import { landingCtx } from '../families/landing/index';
import { packFor } from '../families/landing/packs';
import { COMPONENTS, ORDER, sectionFile } from '../families/landing/sections';
import type { EditAction } from '@sprout/engine/protocol';
import { SECTION_NAMES, sectionPhrase, type SectionId } from '../understand/sections';
import { normalise } from '../understand/text';
import { understand } from '../understand/understand';
import type { LandingVariant } from '../understand/variants';
import { diffChange } from './edit-text';
import type { EditResult } from './look';

const APP = 'client/src/App.tsx';
const importLine = (c: string) => `import { ${c} } from '@/sections/${c}';`;
const elementRe = (c: string) => new RegExp(`^(\\s*)<${c} />$`, 'm');

/** The page's sections in order, read from App.tsx's elements. */
function pageSections(app: string): string[] {
  return [...app.matchAll(/^\s*<(\w+) \/>$/gm)].map((m) => m[1]!).filter((c) => app.includes(importLine(c)));
}

function notLanding(files: ReadonlyMap<string, string>): EditResult | null {
  const marker = readMarker(files.get('client/src/config.ts'));
  if (marker?.family === 'landing' && files.get(APP)?.includes("from '@/sections/")) return null;
  return {
    changes: [],
    message: 'Sections can be added and removed on landing pages made by the offline builder; this app is not one, so I left it as it is.',
    done: false,
  };
}

function siteSubject(config: string): { name: string; subject: string } {
  const read = (key: string) => new RegExp(`\\b${key}: '((?:[^'\\\\]|\\\\.)*)'`).exec(config)?.[1]?.replace(/\\(.)/g, '$1') ?? '';
  return { name: read('name'), subject: read('subject') };
}

export function addSection(files: ReadonlyMap<string, string>, section: SectionId, after: SectionId | null, before: SectionId | null): EditResult {
  const refused = notLanding(files);
  if (refused) return refused;
  const app = files.get(APP)!;
  const component = COMPONENTS[section];
  const present = pageSections(app);
  if (present.includes(component)) return { changes: [], message: `The page already has ${sectionPhrase(section)}.`, done: false };

  // Copy for the new section, written for this site: its name, subject and kind.
  const config = files.get('client/src/config.ts')!;
  const { name, subject } = siteSubject(config);
  const variant = (readMarker(config)?.variant ?? 'product') as LandingVariant;
  const spec = { ...understand(`a landing page for ${subject || 'a business'}`), name: name || null };
  const pack = packFor(normalise(subject), variant);
  const file = sectionFile(component, landingCtx(spec, variant, pack), pack);

  // Where: next to the section named, else where it belongs in the usual page order.
  const anchor = after ? COMPONENTS[after] : before ? COMPONENTS[before] : null;
  const rank = (c: string) => ORDER.findIndex((id) => COMPONENTS[id] === c);
  let insertBefore: string | null = null;
  if (anchor && present.includes(anchor)) insertBefore = after ? (present[present.indexOf(anchor) + 1] ?? null) : anchor;
  else insertBefore = present.find((c) => rank(c) > rank(component)) ?? null;

  let next = app;
  const lastImport = [...app.matchAll(/^import \{ \w+ \} from '@\/sections\/\w+';$/gm)].pop()![0];
  next = next.replace(lastImport, `${lastImport}\n${importLine(component)}`);
  if (insertBefore) next = next.replace(elementRe(insertBefore), (line, indent: string) => `${indent}<${component} />\n${line}`);
  else {
    const last = present[present.length - 1]!;
    next = next.replace(elementRe(last), (line, indent: string) => `${line}\n${indent}<${component} />`);
  }
  const changes: EditAction[] = [{ type: 'write', path: file.path, content: file.content }];
  const edit = diffChange(APP, app, next);
  if (edit) changes.push(edit);
  const named = (id: SectionId) => `the ${SECTION_NAMES[id]} section`;
  const where =
    after && anchor && present.includes(anchor)
      ? `after ${named(after)}`
      : before && anchor && present.includes(anchor)
        ? `before ${named(before)}`
        : insertBefore
          ? `before the ${insertBefore === 'CallToAction' ? 'closing call to action' : insertBefore.toLowerCase()}`
          : 'at the end of the page';
  return { changes, message: `Added ${sectionPhrase(section)} ${where} (\`src/sections/${component}.tsx\`).`, done: true };
}

export function removeSection(files: ReadonlyMap<string, string>, section: SectionId): EditResult {
  const refused = notLanding(files);
  if (refused) return refused;
  const app = files.get(APP)!;
  const component = COMPONENTS[section];
  if (!pageSections(app).includes(component)) return { changes: [], message: `The page has no ${SECTION_NAMES[section]} section to remove.`, done: false };
  const next = app.replace(`${importLine(component)}\n`, '').replace(new RegExp(`^\\s*<${component} />\\n`, 'm'), '');
  const changes: EditAction[] = [];
  const edit = diffChange(APP, app, next);
  if (edit) changes.push(edit);
  // CTA buttons of other sections do not depend on section files, so the file can go.
  changes.push({ type: 'delete', path: `client/src/sections/${component}.tsx` });
  return { changes, message: `Removed the ${SECTION_NAMES[section]} section.`, done: true };
}

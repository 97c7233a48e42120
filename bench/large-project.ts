import { generatedProject, type BenchFile } from './generated-project';

const ICONS = ['Star', 'Heart', 'Bell', 'Calendar', 'Camera', 'Clock', 'Cloud', 'Flag', 'Gift', 'Globe'];
const COLORS = ['sky', 'emerald', 'amber', 'rose', 'violet', 'teal', 'orange', 'lime', 'fuchsia', 'cyan'];

/**
 * A project of `total` files for the first-preview benchmark: the 20-file kanban project plus
 * feature modules in groups of four (a component with state, its hook, its formatter, its panel),
 * each using the UI library, lucide icons and Tailwind classes of its own, all rendered from a
 * grid the app shows. `variant` goes into every generated file, so each variant is a project the
 * server has never seen (no file of it in any cache).
 */
export function largeProject(total = 200, variant = ''): BenchFile[] {
  const files = new Map(generatedProject().map((f) => [f.path, f.content]));
  const add = (path: string, content: string) => files.set(`client/src/${path}`, content);
  const groups: number[] = [];
  // The grid and the feature index are two files of their own.
  for (let g = 0; files.size + 2 < total; g++) {
    const color = COLORS[g % COLORS.length]!;
    const icon = ICONS[g % ICONS.length]!;
    const remaining = total - 2 - files.size;
    const stamp = `// ${variant} feature ${g}\n`;
    add(`features/f${g}/format.ts`, `${stamp}export function formatValue${g}(n: number): string {\n  return n.toFixed(${g % 3}) + ' / ${g}';\n}\n`);
    if (remaining > 1)
      add(
        `features/f${g}/use-value.ts`,
        `${stamp}import { useState } from 'react';\n\nexport function useValue${g}(start = ${g}) {\n  const [value, setValue] = useState(start);\n  return { value, up: () => setValue((v) => v + 1), reset: () => setValue(start) };\n}\n`,
      );
    if (remaining > 2)
      add(
        `features/f${g}/Panel.tsx`,
        `${stamp}import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';\nimport type { ReactNode } from 'react';\n\nexport function Panel${g}({ title, children }: { title: string; children: ReactNode }) {\n  return (\n    <Card className="border-${color}-200">\n      <CardHeader className="pb-${(g % 4) + 1}">\n        <CardTitle className="text-${color}-700">{title}</CardTitle>\n      </CardHeader>\n      <CardContent>{children}</CardContent>\n    </Card>\n  );\n}\n`,
      );
    if (remaining > 3) {
      add(
        `features/f${g}/Widget.tsx`,
        `${stamp}import { ${icon} } from 'lucide-react';\nimport { Button } from '@/components/ui/button';\nimport { formatValue${g} } from './format';\nimport { Panel${g} } from './Panel';\nimport { useValue${g} } from './use-value';\n\nexport function Widget${g}() {\n  const { value, up, reset } = useValue${g}();\n  return (\n    <Panel${g} title="Feature ${g}">\n      <p className="flex items-center gap-2 text-sm text-${color}-600"><${icon} className="size-4" />{formatValue${g}(value)}</p>\n      <div className="mt-${(g % 5) + 1} flex gap-2">\n        <Button size="sm" onClick={up}>Add</Button>\n        <Button size="sm" variant="outline" onClick={reset}>Reset</Button>\n      </div>\n    </Panel${g}>\n  );\n}\n`,
      );
      groups.push(g);
    }
  }
  add('features/index.ts', `// ${variant}\n${groups.map((g) => `export { Widget${g} } from './f${g}/Widget';`).join('\n')}\n`);
  add(
    'components/FeatureGrid.tsx',
    `// ${variant}\nimport { ${groups.map((g) => `Widget${g}`).join(', ')} } from '@/features';\n\nexport function FeatureGrid() {\n  return (\n    <section className="grid gap-4 p-6 md:grid-cols-3" data-testid="feature-grid">\n      ${groups.map((g) => `<Widget${g} />`).join('\n      ')}\n    </section>\n  );\n}\n`,
  );
  const app = files.get('client/src/App.tsx')!;
  files.set(
    'client/src/App.tsx',
    app
      .replace("import { useState } from 'react';", "import { useState } from 'react';\nimport { FeatureGrid } from '@/components/FeatureGrid';")
      .replace('        {tab === ', '        <FeatureGrid />\n        {tab === '),
  );
  return [...files].map(([path, content]) => ({ path, content }));
}

/** The heading of the last feature widget: shown once the whole page has rendered. */
export const lastFeature = (files: readonly BenchFile[]) => {
  const widgets = files.filter((f) => /features\/f\d+\/Widget\.tsx$/.test(f.path)).length;
  return `Feature ${widgets - 1}`;
};

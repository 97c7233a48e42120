import { describe, expect, it } from 'vitest';
import { TEMPLATE_PACKAGE_DIR } from '@sprout/template';
import { importedIcons, lucideIconsPlugin } from './lucide-icons';
import { assetText, expectOk, testBuilder, withFiles } from './testing';

const index = new Map([
  ['XIcon', '/icons/x.mjs'],
  ['Camera', '/icons/camera.mjs'],
]);
const file = (content: string) => ({ path: 'client/src/a.tsx', content });

describe('importedIcons', () => {
  it('maps plain named imports of icons to their modules', () => {
    expect(importedIcons([file("import { XIcon, Camera as Cam } from 'lucide-react';"), { path: 'x.css', content: "'lucide-react'" }], index)).toEqual(
      new Map([
        ['XIcon', '/icons/x.mjs'],
        ['Camera', '/icons/camera.mjs'],
      ]),
    );
  });

  it.each([
    ["import * as icons from 'lucide-react';"],
    ["import { createLucideIcon } from 'lucide-react';"],
    ["import { XIcon } from 'lucide-react';\nconst m = import('lucide-react');"],
  ])('gives up on %j', (code) => {
    expect(importedIcons([file(code)], index)).toBeNull();
  });
});

describe('production builds with lucide icons', () => {
  it('bundle the used icons from their own modules, like the full package would', async () => {
    expect(lucideIconsPlugin([file("import { XIcon } from 'lucide-react';")], TEMPLATE_PACKAGE_DIR)).not.toBeNull();
    const files = withFiles({
      'client/src/App.tsx': 'import { CameraIcon } from \'lucide-react\';\nexport default function App() { return <CameraIcon data-icon="cam" />; }\n',
    });
    const result = expectOk(await testBuilder().build(files, { mode: 'production', assetBase: '/assets/' }));
    expect(assetText(result, '.js')).toContain('"camera"');
  });
});

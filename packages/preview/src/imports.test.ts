import { describe, expect, it } from 'vitest';
import { importedPackages } from './imports';

describe('importedPackages', () => {
  it('finds static, type, re-export, dynamic and require imports, ignoring comments and local paths', () => {
    const files = [
      {
        path: 'client/src/a.tsx',
        content: [
          "import React, { useState } from 'react';",
          "import { createRoot } from 'react-dom/client';",
          "import type { Foo } from 'zod';",
          "export { x } from '@dnd-kit/core';",
          "const m = await import('recharts');",
          "const c = require('clsx');",
          "import './local';",
          "import x from '@/lib/utils';",
          "// import nope from 'left-pad';",
          "/* import nope from 'right-pad'; */",
          "const url = 'https://example.com//x';",
        ].join('\n'),
      },
      { path: 'client/src/types.d.ts', content: "import 'ignored-in-declarations';" },
      { path: 'client/src/index.css', content: "@import 'tailwindcss';" },
    ];
    expect(importedPackages(files)).toEqual(['@dnd-kit/core', 'clsx', 'react', 'react-dom', 'recharts', 'zod']);
  });
});

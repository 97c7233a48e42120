import { ALLOWED_PACKAGES } from '@sprout/template';
import { describe, expect, it } from 'vitest';
import { unknownPackageIssues } from './unknown-packages';

const issuesOf = (code: string, path = 'client/src/App.tsx') => unknownPackageIssues(new Map([[path, code]]), [path], ALLOWED_PACKAGES);

describe('unknownPackageIssues', () => {
  it('names each package that is not installed once, where it is first imported, with what to use instead', () => {
    const issues = issuesOf(
      "import { useState } from 'react';\nimport axios from 'axios';\nconst a = require('axios');\nimport { FaHeart } from 'react-icons/fa';\n",
    );
    expect(issues.map((i) => [i.line, i.message.split(' Available:')[0]])).toEqual([
      [2, "Package 'axios' is not available in Sprout. Use the browser's built-in fetch instead."],
      [4, "Package 'react-icons' is not available in Sprout. Use lucide-react's icons instead (import { Heart } from 'lucide-react')."],
    ]);
  });

  it('ignores project imports, type-only imports, strings and comments', () => {
    const code =
      "import { Button } from '@/components/ui/button';\nimport x from './x';\nimport type { AxiosError } from 'axios';\n// import 'left-pad'\nconst s = \"import pad from 'left-pad'\";\n";
    expect(issuesOf(code)).toEqual([]);
  });

  it("leaves the project's tooling to its own packages", () => {
    expect(issuesOf("import { defineConfig } from 'vite';\nimport react from '@vitejs/plugin-react';\n", 'vite.config.ts')).toEqual([]);
  });
});

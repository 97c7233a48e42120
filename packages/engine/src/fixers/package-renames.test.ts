import { ALLOWED_PACKAGES } from '@sprout/template';
import { describe, expect, it } from 'vitest';
import { fixPackageRenames } from './package-renames';

const fix = (code: string, path = 'client/src/App.tsx') => fixPackageRenames(path, code, ALLOWED_PACKAGES);

describe('fixPackageRenames', () => {
  it('imports motion/react where the model wrote framer-motion, saying so', () => {
    const code =
      'import { motion, AnimatePresence, type Variants } from "framer-motion";\nconst v: Variants = {};\nexport default () => <AnimatePresence><motion.div variants={v} /></AnimatePresence>;\n';
    const r = fix(code);
    expect(r.content).toBe(code.replace('"framer-motion"', '"motion/react"'));
    expect(r.fixes).toEqual([expect.stringMatching(/^imported 'motion\/react' instead of 'framer-motion' in client\/src\/App\.tsx \(/)]);
  });

  it('renames re-exports, dynamic imports and the other renamed packages', () => {
    const code = [
      "export { motion } from 'framer-motion';",
      "const m = import('framer-motion');",
      "import { Link, useNavigate } from 'react-router';",
      "import cx from 'classnames';",
      '',
    ].join('\n');
    expect(fix(code, 'client/src/lib/x.ts').content).toBe(
      [
        "export { motion } from 'motion/react';",
        "const m = import('motion/react');",
        "import { Link, useNavigate } from 'react-router-dom';",
        "import cx from 'clsx';",
        '',
      ].join('\n'),
    );
  });

  it("turns react-hot-toast's default toast into sonner's named one", () => {
    const r = fix("import toast, { Toaster } from 'react-hot-toast';\nexport const say = () => toast.success('Saved');\n");
    expect(r.content).toBe("import { toast as toast, Toaster } from 'sonner';\nexport const say = () => toast.success('Saved');\n");
  });

  it('imports a Radix primitive from radix-ui, as a namespace or by its parts', () => {
    expect(fix("import * as DialogPrimitive from '@radix-ui/react-dialog';\n").content).toBe("import { Dialog as DialogPrimitive } from 'radix-ui';\n");
    expect(fix("import * as Slot from '@radix-ui/react-slot';\n").content).toBe("import { Slot } from 'radix-ui';\n");
    const parts = fix("import { Root, Trigger as T, type DialogProps } from '@radix-ui/react-dialog';\nexport const x = [Root, T];\n");
    expect(parts.content).toBe(
      "import { Dialog as DialogPrimitive } from 'radix-ui';\nconst { Root, Trigger: T } = DialogPrimitive;\ntype DialogProps = DialogPrimitive.DialogProps;\nexport const x = [Root, T];\n",
    );
    expect(parts.fixes).toEqual([expect.stringContaining("imported Dialog from 'radix-ui' instead of '@radix-ui/react-dialog'")]);
    // The alias never takes a name the file already binds.
    expect(fix("import { Root } from '@radix-ui/react-dialog';\nconst DialogPrimitive = 1;\n").content).toContain('import { Dialog as DialogPrimitive2 }');
  });

  it('leaves an import alone when the target lacks a name it takes, or there is no such primitive', () => {
    for (const code of [
      "import { useToaster } from 'react-hot-toast';\n",
      "import { NoSuchThing } from 'framer-motion';\n",
      "import { Root, Nope } from '@radix-ui/react-dialog';\n",
      "import { Something } from '@radix-ui/react-not-a-primitive';\n",
      "import { CheckIcon } from '@radix-ui/react-icons';\n",
    ])
      expect(fix(code)).toEqual({ content: code, fixes: [] });
  });

  it('changes nothing when the old name is itself allowed, or the new one is not', () => {
    const code = "import { motion } from 'framer-motion';\n";
    expect(fixPackageRenames('client/src/App.tsx', code, { ...ALLOWED_PACKAGES, 'framer-motion': '12.0.0' }).content).toBe(code);
    const { motion: _motion, ...withoutMotion } = ALLOWED_PACKAGES;
    expect(fixPackageRenames('client/src/App.tsx', code, withoutMotion).content).toBe(code);
  });

  it('never touches strings, comments or files that are not code', () => {
    const code = "// import { motion } from 'framer-motion'\nconst s = \"from 'framer-motion'\";\n";
    expect(fix(code).content).toBe(code);
    expect(fix("import 'framer-motion';", 'client/src/notes.md').content).toBe("import 'framer-motion';");
  });
});

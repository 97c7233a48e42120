import { mkdtemp, readdir, readFile, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALLOWED_PACKAGES, TEMPLATE_PACKAGE_DIR } from '@sprout/template';
import { VendorCache, VendorError } from './vendor';
import { TEST_CACHE_DIR } from './testing';

const vendor = () => new VendorCache({ cacheDir: TEST_CACHE_DIR, resolveDir: TEMPLATE_PACKAGE_DIR, allowed: ALLOWED_PACKAGES });
const text = async (v: VendorCache, spec: string) => new TextDecoder().decode((await v.read(v.fileName(spec)))!);
// A sentence only React's own implementation (the `react` package) contains.
const REACT_CORE = 'takes an object of state variables to update';

describe('VendorCache', () => {
  it('gives every page one React: react-dom, radix-ui and the JSX runtime import it instead of bundling it', async () => {
    const v = vendor();
    const closure = await v.closure(['react-dom/client', 'radix-ui', 'react/jsx-runtime', 'cmdk', 'react-day-picker']);
    expect(closure).toEqual(expect.arrayContaining(['react', 'react-dom', 'react-dom/client', 'radix-ui', 'react/jsx-runtime', 'cmdk', 'react-day-picker']));
    const withReactCore: string[] = [];
    for (const spec of closure) if ((await text(v, spec)).includes(REACT_CORE)) withReactCore.push(spec);
    expect(withReactCore).toEqual(['react']);
    expect(await text(v, 'react-dom/client')).toMatch(/from"react"/);
    expect(await text(v, 'radix-ui')).toMatch(/from"react-dom"/);
  });

  it('exposes the named exports of CommonJS packages', async () => {
    const react = await text(vendor(), 'react');
    await vendor().ensure('react');
    for (const name of ['useState', 'useEffect', 'createElement', 'default']) expect(react).toMatch(new RegExp(`\\b${name}\\b`));
  });

  it('reuses files on disk after a restart instead of rebuilding them', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sprout-vendor-'));
    const first = new VendorCache({ cacheDir: dir, resolveDir: TEMPLATE_PACKAGE_DIR, allowed: ALLOWED_PACKAGES });
    await first.ensure('clsx');
    const file = path.join(first.dir, 'clsx.js');
    const before = (await stat(file)).mtimeMs;
    const second = new VendorCache({ cacheDir: dir, resolveDir: TEMPLATE_PACKAGE_DIR, allowed: ALLOWED_PACKAGES });
    expect(second.key).toBe(first.key);
    await second.ensure('clsx');
    expect((await stat(file)).mtimeMs).toBe(before);
    expect((await readdir(first.dir)).sort()).toEqual(['clsx.js', 'clsx.json']);
    expect(JSON.parse(await readFile(path.join(first.dir, 'clsx.json'), 'utf8'))).toEqual({ externals: [] });
  });

  it('builds a file asked for by name when this process has not (another instance served the page)', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sprout-vendor-'));
    const v = new VendorCache({ cacheDir: dir, resolveDir: TEMPLATE_PACKAGE_DIR, allowed: ALLOWED_PACKAGES });
    expect(await v.read('class-variance-authority.js')).toBeNull();
    expect(new TextDecoder().decode((await v.readOrBuild('class-variance-authority.js'))!)).toMatch(/from"clsx"/);
    expect(await v.readOrBuild('react~not-a-subpath.js')).toBeNull();
    expect(await v.readOrBuild('left-pad.js')).toBeNull();
    expect(await v.readOrBuild('../x.js')).toBeNull();
  });

  it('changes its key when a package version changes', () => {
    const other = new VendorCache({ cacheDir: TEST_CACHE_DIR, resolveDir: TEMPLATE_PACKAGE_DIR, allowed: { ...ALLOWED_PACKAGES, react: '0.0.1' } });
    expect(other.key).not.toBe(vendor().key);
  });

  it('refuses packages outside the list and names that could leave its folder', async () => {
    await expect(vendor().ensure('left-pad')).rejects.toThrow(VendorError);
    await expect(vendor().ensure('react/does-not-exist')).rejects.toThrow(/Could not load 'react\/does-not-exist'/);
    expect(await vendor().read('../../etc/passwd')).toBeNull();
    expect(await vendor().read('.hidden.js')).toBeNull();
    expect(await vendor().read('nothing-here.js')).toBeNull();
  });
});

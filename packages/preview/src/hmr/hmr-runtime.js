// The preview's hot update client: loaded by every preview page before the app (so React Refresh
// hooks into React before React DOM starts), bundled with react-refresh's runtime by hmr-client.ts.
// The runtime bridge hands it each new version the Sprout page announces; it takes that version's
// module list from the announcement (a run's candidate) or fetches it from its own origin, works
// out which modules changed and whether React Fast Refresh can take them (every module on the way
// from a change up to a module that exports only components), imports the new modules by their
// content names under the page's own folder (so unchanged modules stay the same instances, with
// their state), swaps changed stylesheets, and re-renders in place. Anything it cannot apply
// reloads the page, and the Sprout page is told which and why.
import * as Refresh from 'react-refresh/runtime';

Refresh.injectIntoGlobalHook(window);

const manifestElement = document.getElementById('sprout-manifest');
let current = manifestElement ? JSON.parse(manifestElement.textContent) : null;
const pagePackages = new Set(current ? current.packages || [] : []);
// Every module of this page loads from the folder of the version the page was loaded with.
const base = current ? new URL(current.base, location.href).href : location.href;
// Which module each file name is (every version seen), and the file name of the newest instance of
// each module that has run in this page: a module not imported again by an update keeps its old one.
const pathOf = new Map();
const instances = new Map();
// File names that have run in this page: going back to earlier code (a restore) names a module that
// ran before, whose instance the browser would hand back unchanged; it is imported afresh instead.
const ranNames = new Set();
let queue = Promise.resolve();
// Showing a run's candidate (its module list came without a load tag, or the page was loaded as one:
// the server is still checking it): its runtime errors are not reported as a version's, and the same
// id announced again once it became a version is fetched again for its tag.
let provisional = !!document.querySelector('meta[name="sprout-version"]') && !document.querySelector('meta[name="sprout-load"]');

const url = (name) => base + name;
const learn = (manifest) => {
  for (const [path, m] of Object.entries(manifest.modules)) pathOf.set(m.name, path);
};
if (current) learn(current);

function ran(moduleUrl) {
  const file = moduleUrl.startsWith(base) ? moduleUrl.slice(base.length) : null;
  const name = file && file.split('?')[0];
  if (!name) return;
  ranNames.add(name);
  const path = pathOf.get(name);
  if (path) instances.set(path, file);
}

function tell(message) {
  const bridge = window.__sproutBridge;
  if (bridge) bridge.update(message);
}

/**
 * Loads the page again to show `versionId`. A run's candidate is not the project's version yet: a
 * plain reload would load the current version again and never show it, so the page asks for it by
 * name (`?version=`), as it keeps doing once it was loaded by name (an earlier version on view, a
 * candidate that became the version).
 */
function reload(versionId, reason, candidate = false) {
  tell({ versionId, outcome: 'reload', files: [], reason });
  const address = new URL(location.href);
  if (!candidate && !address.searchParams.has('version')) return location.reload();
  address.searchParams.set('version', versionId);
  location.replace(address.href);
}

function isBoundary(namespace) {
  const keys = Object.keys(namespace);
  if (keys.length === 0) return false;
  try {
    return keys.every((k) => Refresh.isLikelyComponentType(namespace[k]));
  } catch {
    return false;
  }
}

// Why a new module cannot replace the old one in place, or null when it can.
function incompatibility(previous, next) {
  const before = Object.keys(previous);
  const after = Object.keys(next);
  const changes = [
    ...before.filter((k) => !after.includes(k)).map((k) => `removed ${k}`),
    ...after.filter((k) => !before.includes(k)).map((k) => `added ${k}`),
  ];
  if (changes.length) return `its exports changed (${changes.join(', ')})`;
  const other = after.find((k) => !Refresh.isLikelyComponentType(next[k]));
  return other === undefined ? null : `it now exports ${other}, which is not a component`;
}

// The modules to import again: for each changed module, the nearest modules above it (or itself)
// that export only components. Throws the reason when a change reaches the entry.
async function boundariesFor(changed, next) {
  const importers = new Map();
  for (const [path, m] of Object.entries(current.modules)) for (const dep of m.deps) importers.set(dep, [...(importers.get(dep) || []), path]);
  const found = new Set();
  const seen = new Set();
  const visit = async (path, from) => {
    if (seen.has(path)) return;
    seen.add(path);
    if (!current.modules[path]) return;
    if (current.entries.includes(path))
      throw new Error(
        from === path ? `${path} is the entry file` : `${from} changed, and the entry file ${path} imports it without a component module in between`,
      );
    if (!next.modules[path]) throw new Error(`${path} is no longer part of the app`);
    const loaded = instances.get(path);
    if (loaded && isBoundary(await import(url(loaded)))) {
      found.add(path);
      return;
    }
    const above = importers.get(path) || [];
    for (const importer of above) await visit(importer, from);
  };
  for (const path of changed) await visit(path, path);
  return [...found];
}

function swapStyles(styles) {
  const head = document.head;
  const waits = [];
  const keep = new Set(styles.map((s) => s.id));
  for (const link of [...head.querySelectorAll('link[data-sprout-style]')]) if (!keep.has(link.dataset.sproutStyle)) link.remove();
  const changed = [];
  for (const style of styles) {
    const old = [...head.querySelectorAll('link[data-sprout-style]')].find((l) => l.dataset.sproutStyle === style.id);
    const href = url(style.name);
    if (old && old.href === href) continue;
    changed.push(style.id);
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.dataset.sproutStyle = style.id;
    // The old sheet stays until the new one has loaded: no flash of unstyled content.
    waits.push(
      new Promise((resolve) => {
        const done = () => {
          if (old) old.remove();
          resolve();
        };
        link.onload = done;
        link.onerror = done;
        setTimeout(done, 3000);
      }),
    );
    if (old) old.after(link);
    else head.append(link);
  }
  return Promise.all(waits).then(() => changed);
}

const SAFE_NAME = /^[A-Za-z0-9._-]{1,200}$/;

// An announced module list this client can use as it is: the version's, every file a plain name on
// this origin. Anything else is ignored, and the list is fetched from the preview host instead.
function usable(manifest, versionId) {
  const m = manifest;
  if (!m || typeof m !== 'object' || m.version !== versionId || typeof m.html !== 'string' || !m.modules || typeof m.modules !== 'object') return false;
  if (!Array.isArray(m.entries) || !Array.isArray(m.styles) || !Array.isArray(m.packages)) return false;
  const modulesOk = Object.values(m.modules).every((x) => x && SAFE_NAME.test(x.name) && typeof x.own === 'string' && Array.isArray(x.deps));
  return modulesOk && m.styles.every((s) => s && typeof s.id === 'string' && SAFE_NAME.test(s.name));
}

// Whether a module that did not import could not be fetched at all (the network is gone), rather
// than answered with an error or run and thrown.
async function unreachable(moduleUrl) {
  try {
    await fetch(moduleUrl, { cache: 'no-store', credentials: 'same-origin' });
    return false;
  } catch {
    return true;
  }
}

// The version's module list with its load tag: from the announcement when it came with one (a run's
// candidate, which has no tag), else from the preview host. Null once the outcome was told.
async function versionBody(versionId, announced) {
  if (usable(announced, versionId)) return { ok: true, manifest: announced, load: null };
  let response;
  try {
    response = await fetch(`/_sprout/version/${encodeURIComponent(versionId)}`, { cache: 'no-store', credentials: 'same-origin' });
  } catch (err) {
    // The network is gone: reloading would replace the app with the browser's error page. The page
    // keeps what it shows, and the Sprout page sends the version again once it is back online.
    tell({ versionId, outcome: 'unreachable', files: [], reason: `the new version could not be fetched (${err && err.message ? err.message : err})` });
    return null;
  }
  if (response.status === 401) {
    tell({ versionId, outcome: 'expired', files: [], reason: 'the preview session has expired' });
    return null;
  }
  if (!response.ok) {
    reload(versionId, `the new version could not be loaded (${response.status})`);
    return null;
  }
  return response.json();
}

/**
 * A rename changes the page's title and description, light or dark the classes on <html>, nothing
 * else of index.html (the manifest's `html` leaves them out): they are set on the open page. Only
 * the classes the versions differ in move, so a class the app itself set stays. Returns what
 * changed, for the report.
 */
function applyPageText(next) {
  let changed = false;
  if (typeof next.title === 'string' && next.title !== current.title) {
    document.title = next.title;
    changed = true;
  }
  if (typeof next.description === 'string' && next.description !== current.description) {
    const meta = document.querySelector('meta[name="description"]');
    if (meta) meta.setAttribute('content', next.description);
    changed = true;
  }
  // null: the <html> tag has no class (light again, once "dark" is taken out); undefined: not said.
  const classes = (v) => (typeof v === 'string' ? v.split(' ').filter(Boolean) : []);
  const before = classes(current.htmlClass);
  const after = next.htmlClass === undefined ? before : classes(next.htmlClass);
  const root = document.documentElement.classList;
  for (const c of before) {
    if (after.includes(c)) continue;
    root.remove(c);
    changed = true;
  }
  for (const c of after) {
    if (before.includes(c)) continue;
    root.add(c);
    changed = true;
  }
  return changed ? ['client/index.html'] : [];
}

async function apply(versionId, announced) {
  if (!current || (versionId === current.version && !provisional)) return;
  const body = await versionBody(versionId, announced);
  if (!body) return;
  if (!body.ok) return reload(versionId, 'the new version does not build');
  // What cannot be applied in place is loaded as a page: a candidate (no load tag yet) by name.
  const again = (reason) => reload(versionId, reason, !body.load);
  const next = body.manifest;
  if (next.html !== current.html) return again('index.html changed');
  if (next.entries.join('\n') !== current.entries.join('\n')) return again('the entry files changed');
  // An import map cannot grow once modules have loaded: only the packages the page started with.
  const added = (next.packages || []).filter((p) => !pagePackages.has(p));
  if (added.length) return again(`the new version uses ${added.length === 1 ? 'a package' : 'packages'} the page has not loaded (${added.join(', ')})`);
  const changed = Object.keys(next.modules).filter((p) => current.modules[p] && current.modules[p].own !== next.modules[p].own);
  learn(next);
  const errors = [];
  const onError = (event) => errors.push(event.message || String(event.reason));
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onError);
  try {
    let boundaries;
    try {
      boundaries = await boundariesFor(changed, next);
    } catch (err) {
      return again(err.message);
    }
    for (const path of boundaries) {
      const previous = await import(url(instances.get(path)));
      const name = next.modules[path].name;
      let module;
      const moduleUrl = url(ranNames.has(name) ? `${name}?v=${encodeURIComponent(versionId)}` : name);
      try {
        module = await import(moduleUrl);
      } catch (err) {
        const why = err && err.message ? err.message : err;
        // Offline (the list came with the announcement, so nothing was fetched before): keep the page.
        if (await unreachable(moduleUrl))
          return tell({ versionId, outcome: 'unreachable', files: [], reason: `the new version could not be fetched (${why})` });
        return again(`${path} failed to run: ${why}`);
      }
      const why = incompatibility(previous, module);
      if (why) return again(`${path}: ${why}`);
    }
    const styles = await swapStyles(next.styles);
    const words = applyPageText(next);
    current = next;
    let tag = document.querySelector('meta[name="sprout-load"]');
    // A page first loaded as a run's candidate came without a tag: the version's goes in its place.
    if (!tag && body.load) {
      tag = document.createElement('meta');
      tag.setAttribute('name', 'sprout-load');
      document.head.prepend(tag);
    }
    if (tag) tag.setAttribute('content', body.load || '');
    provisional = !body.load;
    const shown = document.querySelector('meta[name="sprout-version"]');
    if (shown) shown.setAttribute('content', versionId);
    Refresh.performReactRefresh();
    // Errors thrown while rendering the update come before the next frame (a hidden frame has none:
    // then a moment is enough).
    await new Promise((resolve) => {
      requestAnimationFrame(() => setTimeout(resolve, 0));
      setTimeout(resolve, 100);
    });
    if (errors.length) return again(`the update threw: ${errors[0]}`);
    tell({ versionId, outcome: 'hot', files: [...changed, ...styles, ...words], reason: null });
  } finally {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onError);
  }
}

window.__sproutHmr = {
  reg: (type, id) => Refresh.register(type, id),
  sig: (type, key, forceReset, getCustomHooks) => Refresh.setSignature(type, key, forceReset, getCustomHooks),
  ran,
  version: () => (current ? current.version : null),
  provisional: () => provisional,
  apply(versionId, manifest) {
    queue = queue.then(() => apply(versionId, manifest)).catch((err) => reload(versionId, `the update failed: ${err && err.message ? err.message : err}`));
    return queue;
  },
};

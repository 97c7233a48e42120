// What bench/streaming.ts runs in the page (Chromium) before the app's own scripts: it records when
// each stamp of bench/stamped-model.ts appears in the DOM (a MutationObserver sees React's commit),
// when the run's status, the preview's version and the frame's address change, every load of the
// preview frame and every update report of the preview; and, in the preview frame itself, when
// each run's heading is painted. Times are the page's clock, performance.timeOrigin + performance.now(),
// compared with the model's Date.now() in the same machine.

/**
 * Runs in the page before its scripts: stamps seen in the DOM, and loads of the preview frame. A
 * string, not a function: tsx (esbuild keepNames) wraps named inner functions in a `__name` helper
 * that does not exist in the page.
 */
export const OBSERVER = `(() => {
  const now = () => performance.timeOrigin + performance.now();
  if (window !== window.top) {
    // Inside the preview frame: when each run's heading is on screen (the animation frame that
    // paints the DOM change), whether the version came by a hot update or a reload.
    window.__titles = [];
    // For BENCH_VERBOSE: each announced version (with its module list or not), and each request the
    // frame made to the preview host (sent, first byte, done).
    window.__announced = [];
    window.__requests = [];
    window.addEventListener('message', (e) => {
      if (e.data && e.data.source === 'sprout-parent' && e.data.type === 'version') window.__announced.push({ at: now(), list: Boolean(e.data.manifest) });
    });
    new PerformanceObserver((list) => {
      for (const r of list.getEntries()) {
        const path = new URL(r.name).pathname;
        if (path.startsWith('/_sprout/build/') || path.startsWith('/_sprout/version/'))
          window.__requests.push({ path: path.replace(new RegExp('^/_sprout/(build|version)/[a-z0-9]+/?'), '$1 '), sent: performance.timeOrigin + r.startTime, first: performance.timeOrigin + r.responseStart, done: performance.timeOrigin + r.responseEnd });
      }
    }).observe({ type: 'resource', buffered: false });
    const shown = new Set();
    new MutationObserver(() => {
      const h = document.querySelector('h1');
      const m = h && /^Stamped app (-?\\d+)$/.exec(h.textContent || '');
      if (!m || shown.has(m[1])) return;
      shown.add(m[1]);
      const dom = now();
      requestAnimationFrame(() => window.__titles.push({ run: Number(m[1]), dom, paint: now() }));
    }).observe(document, { childList: true, subtree: true, characterData: true });
    return;
  }
  window.__updates = [];
  window.addEventListener('message', (e) => {
    if (e.data && e.data.source === 'sprout-preview-update') window.__updates.push({ at: now(), outcome: e.data.outcome, reason: e.data.reason });
  });
  window.__stamps = [];
  window.__loads = [];
  // Steps between the last chunk and the new preview, in the order the page sees them.
  window.__marks = [];
  const seen = new Set();
  const last = {};
  const mark = (what, value, at) => {
    if (value === null || value === undefined || last[what] === value) return;
    last[what] = value;
    window.__marks.push({ what: what + ' ' + String(value).slice(0, 60), at });
  };
  new MutationObserver(() => {
    const at = now();
    const statuses = document.querySelectorAll('[data-testid="run-status"]');
    mark('run-status', statuses.length ? statuses[statuses.length - 1].getAttribute('data-status') : null, at);
    const panel = document.querySelector('[data-testid="preview-panel"]');
    mark('preview version', panel && panel.getAttribute('data-version-id'), at);
    const frame = document.querySelector('[data-testid="preview-frame"]');
    const src = frame && frame.getAttribute('src');
    mark('frame src', src ? src.replace(/token=.*/, '') + src.slice(-12) : null, at);
    for (const m of (document.body ? document.body.textContent : '').matchAll(/⟦(-?\\d+)·(\\d+)·(\\d+)⟧/g)) {
      const key = m[1] + '·' + m[2];
      if (seen.has(key)) continue;
      seen.add(key);
      window.__stamps.push({ run: Number(m[1]), i: Number(m[2]), delay: at - Number(m[3]) });
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
  // load does not bubble, but a capturing listener on the document sees every iframe's.
  document.addEventListener('load', (e) => {
    const el = e.target;
    if (el.tagName === 'IFRAME' && el.dataset.testid === 'preview-frame') window.__loads.push({ at: now(), src: el.getAttribute('src') || '' });
  }, true);
})();`;

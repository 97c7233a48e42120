// What bench/streaming.ts runs in the page (Chromium) before the app's own scripts: it records when
// each stamp of bench/stamped-model.ts appears in the DOM (a MutationObserver sees React's commit),
// when the run's status, the preview's version and the frame's address change, and every load of
// the preview frame. Times are the page's clock, performance.timeOrigin + performance.now(),
// compared with the model's Date.now() in the same machine.

/**
 * Runs in the page before its scripts: stamps seen in the DOM, and loads of the preview frame. A
 * string, not a function: tsx (esbuild keepNames) wraps named inner functions in a `__name` helper
 * that does not exist in the page.
 */
export const OBSERVER = `(() => {
  window.__stamps = [];
  window.__loads = [];
  // Steps between the last chunk and the new preview, in the order the page sees them.
  window.__marks = [];
  const seen = new Set();
  const last = {};
  const now = () => performance.timeOrigin + performance.now();
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

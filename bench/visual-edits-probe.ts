// The probes of the visual edits bench (visual-edits.ts), and what they add to the page's and the
// frame's windows.

/**
 * Runs in the page and in the preview frame before their scripts. A string, not a function: tsx
 * (esbuild keepNames) wraps named inner functions in a `__name` helper that does not exist in the page.
 * In the frame: one animation frame after each pointer move (the baseline), and a watch of the
 * heading (its class, inline colour and computed colour, noted at each animation frame it changed).
 * In the page: the picker's hover messages, the preview's update reports, the edit panel's input and
 * Save click events, the API requests' timings, and the manual code edit of the baseline.
 */
export const PROBE = `(() => {
  const now = () => performance.timeOrigin + performance.now();
  if (window !== window.top) {
    // The pointer event → the frame's next animation frame (one), and → the animation frame after it
    // (two: when what the first drew is on screen, where the picker's latencyMs ends), on the frame's
    // clock as the picker measures.
    window.__frames = [];
    window.addEventListener('pointermove', (e) => {
      const at = e.timeStamp;
      const since = () => (at > 1e12 ? Date.now() - at : performance.now() - at);
      requestAnimationFrame(() => {
        const one = since();
        requestAnimationFrame(() => window.__frames.push({ one, two: since() }));
      });
    }, true);
    // For BENCH_VERBOSE: each request the frame made to the preview host (sent, first byte, done).
    window.__frameRequests = [];
    new PerformanceObserver((list) => {
      for (const r of list.getEntries()) {
        const path = new URL(r.name).pathname;
        if (path.startsWith('/_sprout/'))
          window.__frameRequests.push({ path: path.slice(0, 80), sent: performance.timeOrigin + r.startTime, first: performance.timeOrigin + r.responseStart, done: performance.timeOrigin + r.responseEnd });
      }
    }).observe({ type: 'resource', buffered: false });
    window.__watch = null;
    window.__benchWatch = (selector) => {
      const w = { on: true, log: [] };
      window.__watch = w;
      let last = '';
      const tick = () => {
        if (!w.on) return;
        const el = document.querySelector(selector);
        const s = el ? { cls: el.getAttribute('class') || '', inline: el.style.getPropertyValue('color'), color: getComputedStyle(el).color } : { cls: '', inline: '', color: '' };
        const key = s.cls + '|' + s.inline + '|' + s.color;
        if (key !== last) {
          last = key;
          w.log.push({ at: now(), cls: s.cls, inline: s.inline, color: s.color });
        }
        requestAnimationFrame(tick);
      };
      tick();
    };
    window.__benchUnwatch = () => {
      const w = window.__watch;
      window.__watch = null;
      if (!w) return [];
      w.on = false;
      return w.log;
    };
    // The first state of the watch (the heading painted, as the animation frame that saw it) with the colour wanted.
    window.__benchFind = (want) => {
      const w = window.__watch;
      if (!w) return { gone: true };
      for (const e of w.log)
        if (e.color === want.color && (!want.cls || e.cls.split(/\\s+/).includes(want.cls)) && (!want.noInline || e.inline === '')) return { at: e.at, entry: e };
      return null;
    };
    // How this document computes a CSS colour (a span of its own, in its body, for a moment).
    window.__benchComputed = (css) => {
      const s = document.createElement('span');
      s.style.color = css;
      document.body.appendChild(s);
      const c = getComputedStyle(s).color;
      s.remove();
      return c;
    };
    return;
  }
  window.__hovers = [];
  window.__updates = [];
  window.__inputs = [];
  window.__clicks = [];
  window.__requests = [];
  window.addEventListener('message', (e) => {
    const d = e.data;
    if (!d || typeof d !== 'object') return;
    if (d.source === 'sprout-preview-element' && d.event === 'hover') window.__hovers.push({ at: now(), latencyMs: d.latencyMs, tag: d.element ? d.element.tag : null });
    if (d.source === 'sprout-preview-update') window.__updates.push({ at: now(), versionId: d.versionId, outcome: d.outcome, reason: d.reason });
  });
  const inPanel = (t) => t && typeof t.closest === 'function' && t.closest('[data-testid="edit-element"]');
  document.addEventListener('input', (e) => {
    if (inPanel(e.target)) window.__inputs.push(performance.timeOrigin + e.timeStamp);
  }, true);
  document.addEventListener('click', (e) => {
    const b = inPanel(e.target) && e.target.closest('button');
    if (b && b.textContent.trim() === 'Save') window.__clicks.push(performance.timeOrigin + e.timeStamp);
  }, true);
  new PerformanceObserver((list) => {
    for (const r of list.getEntries())
      if (/\\/build\\/v1\\/sprouts\\/[^/]+\\/(visual-edits|files)$/.test(r.name))
        window.__requests.push({ path: r.name.replace(/^.*\\/sprouts\\/[^/]+\\//, ''), start: performance.timeOrigin + r.startTime, end: performance.timeOrigin + r.responseEnd });
  }).observe({ type: 'resource', buffered: false });
  // The page's query client (React Query), found from the preview panel up through React's fibers.
  const queryClient = () => {
    const el = document.querySelector('[data-testid="preview-panel"]');
    const key = el && Object.keys(el).find((k) => k.startsWith('__reactFiber$'));
    for (let f = key ? el[key] : null; f; f = f.return) {
      const p = f.memoizedProps;
      if (p && p.client && typeof p.client.setQueryData === 'function') return p.client;
    }
    throw new Error('no query client found in the page');
  };
  // A manual code edit as the code editor saves one: PUT the file, then the project moves to the new
  // version in the page's cache (showNewVersion) and the preview follows it.
  window.__benchManualEdit = async (a) => {
    const started = now();
    const res = await fetch(a.apiUrl + '/build/v1/sprouts/' + a.id + '/files', {
      method: 'PUT',
      headers: { authorization: 'Bearer ' + a.token, 'content-type': 'application/json' },
      body: JSON.stringify({ path: a.path, content: a.content, baseVersionId: a.base }),
    });
    const body = await res.json();
    if (!res.ok) throw new Error('PUT files answered ' + res.status + ': ' + JSON.stringify(body));
    const qc = queryClient();
    const key = ['sprout', a.id];
    qc.setQueryData(key, Object.assign({}, qc.getQueryData(key), { currentVersionId: body.version.id, updatedAt: body.version.createdAt }));
    void qc.invalidateQueries({ queryKey: ['versions', a.id] });
    return { started, versionId: body.version.id };
  };
})();`;

export type FrameWindow = {
  __frames: { one: number; two: number }[];
  __benchWatch(selector: string): void;
  __benchUnwatch(): WatchEntry[];
  __benchFind(want: { color: string; cls?: string; noInline?: boolean }): { gone: true } | { at: number; entry: WatchEntry } | null;
  __benchComputed(css: string): string;
  __benchMark?: string;
  __frameRequests: { path: string; sent: number; first: number; done: number }[];
};
export type WatchEntry = { at: number; cls: string; inline: string; color: string };
export type PageWindow = {
  __hovers: { at: number; latencyMs: number; tag: string | null }[];
  __updates: { at: number; versionId: string; outcome: string; reason: string | null }[];
  __inputs: number[];
  __clicks: number[];
  __requests: { path: string; start: number; end: number }[];
  __benchManualEdit(a: {
    apiUrl: string;
    token: string;
    id: string;
    path: string;
    content: string;
    base: string;
  }): Promise<{ started: number; versionId: string }>;
};

/** Where a published page loads the script that reports its page views (served by the site host, `'self'` in its CSP). */
export const VISITS_SCRIPT_PATH = '/_sprout/visits.js';
export const VISIT_PATH = '/_sprout/v1/analytics/visit';

/**
 * Reports each page a visitor sees: the first of the load (with its referrer) and every later one
 * an app's router shows by changing the address. Only the path is sent, never the query or the
 * fragment (they may carry what identifies someone). A browser that asks not to be tracked sends
 * nothing; nothing here may ever break the app, so every failure is dropped.
 */
export const VISITS_SCRIPT = `(function () {
  'use strict';
  if (navigator.doNotTrack === '1' || navigator.globalPrivacyControl === true) return;
  var last = null;
  var entry = true;
  function send() {
    var path = location.pathname;
    if (path === last) return;
    last = path;
    var visit = { type: 'pageview', path: path.slice(0, 512), entry: entry };
    if (entry && document.referrer) visit.referrer = document.referrer.slice(0, 2048);
    entry = false;
    try {
      fetch(${JSON.stringify(VISIT_PATH)}, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(visit), keepalive: true }).catch(function () {});
    } catch (e) {}
  }
  ['pushState', 'replaceState'].forEach(function (name) {
    var original = history[name];
    history[name] = function () {
      var result = original.apply(this, arguments);
      send();
      return result;
    };
  });
  addEventListener('popstate', send);
  send();
})();
`;

const TAG = `<script src="${VISITS_SCRIPT_PATH}" defer></script>`;

/**
 * A published page with the visits script at the end of its head; a page without a head gets it
 * before its first script or its body (never before the doctype, which would change how it renders).
 */
export function withVisitsScript(html: Uint8Array): Uint8Array {
  const text = Buffer.from(html).toString('utf8');
  const at = [/<\/head\s*>/i, /<script\b/i, /<body\b/i].map((re) => text.search(re)).find((i) => i !== -1) ?? text.length;
  return Buffer.from(`${text.slice(0, at)}${TAG}${text.slice(at)}`, 'utf8');
}

// The runtime bridge: runs in the preview page before the app and forwards uncaught errors,
// unhandled rejections and console output to the Sprout page that frames it. Plain ES2017, no
// imports: it is inlined into the page (CSP hash) and must not depend on anything the app loads.
// __SPROUT_TARGET_ORIGIN__ is replaced by the web app's origin when the page is built.
(function (targetOrigin) {
  'use strict';
  if (window.parent === window) return;
  var LIMIT = 500;
  var sent = 0;
  var queue = Promise.resolve();
  var maps = {};
  // The tag the server gave this page load (the hot update client replaces it with the tag of each
  // version it applies, and adds it to a page first loaded as a run's candidate, which had none): a
  // report of runtime errors must carry it. Looked up each time for that reason.
  function currentLoad() {
    var tag = document.querySelector('meta[name="sprout-load"]');
    return (tag && tag.getAttribute('content')) || null;
  }

  // Each uncaught error and unhandled rejection is told first to the preview host (this page's own
  // origin: the person's preview cookie goes with it, and the tag of the version on screen), which
  // records it: a free repair is only for errors recorded so, never for any text a client sends.
  // Only then is it posted to the Sprout page, so the record is there before the page asks for the
  // repair. At most 10 distinct messages per version shown; a host that does not answer within 3 s
  // holds the messages up no longer. The fetch is the browser's own, taken before the app runs.
  var HOST_REPORTS = 10;
  var HOST_WAIT_MS = 3000;
  var hostFetch = typeof fetch === 'function' ? fetch : null;
  var toldHost = { load: null, messages: [] };
  function tellHost(load, message) {
    if (!load || !hostFetch) return Promise.resolve();
    if (toldHost.load !== load) toldHost = { load: load, messages: [] };
    var text = String(message).slice(0, 2000) || 'Unknown error';
    if (toldHost.messages.length >= HOST_REPORTS || toldHost.messages.indexOf(text) !== -1) return Promise.resolve();
    toldHost.messages.push(text);
    var told;
    try {
      told = Promise.resolve(
        hostFetch.call(window, '/_sprout/runtime-errors', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ load: load, message: text }),
          credentials: 'same-origin',
        }),
      ).catch(function () {
        /* not recorded: the repair is not offered, the app goes on */
      });
    } catch (e) {
      return Promise.resolve();
    }
    return told;
  }

  // Whether `promise` settled within `ms` (true) or not yet (false).
  function within(promise, ms) {
    return Promise.race([
      promise.then(function () {
        return true;
      }),
      new Promise(function (resolve) {
        setTimeout(function () {
          resolve(false);
        }, ms);
      }),
    ]);
  }

  function retold(out) {
    var again = {};
    for (var key in out) again[key] = out[key];
    again.retold = true;
    return again;
  }

  function post(message, load) {
    sent += 1;
    if (sent > LIMIT + 1) return;
    if (sent === LIMIT + 1) {
      message = { type: 'console', level: 'warn', message: 'Sprout: the preview sent too many messages; the rest are not shown.', location: null };
    }
    message.source = 'sprout-preview';
    message.time = Date.now();
    if (load === undefined) load = currentLoad();
    if (load) message.load = load;
    try {
      // Never '*': only the Sprout web app may read what the app logs.
      window.parent.postMessage(message, targetOrigin);
    } catch (e) {
      /* a message that cannot be cloned is dropped, never thrown into the app */
    }
  }

  function describe(value, depth) {
    if (typeof value === 'string') return value;
    if (value instanceof Error) return value.stack || value.name + ': ' + value.message;
    if (value === undefined || value === null || typeof value !== 'object') return String(value);
    if (depth > 2) return Array.isArray(value) ? '[…]' : '{…}';
    try {
      var seen = [];
      return JSON.stringify(value, function (key, v) {
        if (typeof v === 'object' && v !== null) {
          if (seen.indexOf(v) !== -1) return '[Circular]';
          seen.push(v);
          if (typeof Node !== 'undefined' && v instanceof Node) return '<' + (v.nodeName || 'node').toLowerCase() + '>';
        }
        if (typeof v === 'function') return '[Function ' + (v.name || 'anonymous') + ']';
        return v;
      });
    } catch (e) {
      return Object.prototype.toString.call(value);
    }
  }

  function format(args) {
    var parts = [];
    for (var i = 0; i < args.length; i++) parts.push(describe(args[i], 0));
    var text = parts.join(' ');
    return text.length > 4000 ? text.slice(0, 4000) + '…' : text;
  }

  /* @include bridge-source-maps.js: frameOf, decodeMappings, sourceMap, locate */

  // The element picker of visual edits: its parts, each a factory in `pickerParts` (made by the first),
  // then the picker, which calls them. In this order: each line needs those above it.
  /* @include bridge-element-picker-facts.js: pickerParts, pickerParts.facts */
  /* @include bridge-element-picker-overlay.js: pickerParts.overlay */
  /* @include bridge-element-picker-changes.js: pickerParts.changes */
  /* @include bridge-element-picker-selection.js: pickerParts.selection */
  /* @include bridge-element-picker.js: elementPicker (message, applied) */

  // An error on a version the page shows without a tag (a run's candidate, until the hot update
  // client asks for it again as a version) cannot be told to the host. It is kept, and told once that
  // same version has its tag, then posted again marked `retold`: for the repair, not for the logs,
  // which have it already. Without this an error the person hit in that moment was lost for good.
  var untagged = { version: null, errors: [] };
  function shownVersion() {
    var shown = document.querySelector('meta[name="sprout-version"]');
    return shown ? shown.getAttribute('content') : null;
  }
  function keepUntagged(version, out) {
    if (!version) return;
    if (untagged.version !== version) untagged = { version: version, errors: [] };
    if (untagged.errors.length < HOST_REPORTS) untagged.errors.push(out);
  }
  function retell(versionId) {
    var load = currentLoad();
    if (!load || untagged.version !== versionId) return;
    var errors = untagged.errors;
    untagged = { version: null, errors: [] };
    errors.forEach(function (out) {
      queue = queue.then(function () {
        return tellHost(load, out.message).then(function () {
          post(retold(out), load);
        });
      });
    });
  }

  function report(type, level, message, frame, stack) {
    // The version on screen when it happened (a hot update may replace the tag before this is sent).
    var load = currentLoad();
    var error = type === 'error' || type === 'unhandledrejection';
    var out = { type: type, level: level, message: message, location: null };
    if (stack) out.stack = String(stack).slice(0, 4000);
    // Kept now, not once located: the tag may come before the source map does.
    if (error && !load) keepUntagged(shownVersion(), out);
    queue = queue.then(function () {
      return locate(frame).then(function (where) {
        out.location = where;
        if (!error || !load) return post(out, load);
        var told = tellHost(load, message);
        return within(told, HOST_WAIT_MS).then(function (inTime) {
          if (inTime) return post(out, load);
          // A slow host (a busy server) holds neither the logs nor the next errors: the page shows
          // it now, untagged, and once the host has it, it is retold with the tag for the repair,
          // which must find the record (the Sprout page asks for a repair only with a tag).
          post(out, null);
          told.then(function () {
            post(retold(out), load);
          });
        });
      });
    });
  }

  window.addEventListener('error', function (event) {
    var frame = event.filename ? { url: event.filename, line: event.lineno, column: event.colno } : null;
    var error = event.error;
    report('error', 'error', event.message || describe(error, 0), frameOf(error && error.stack) || frame, error && error.stack);
  });

  window.addEventListener('unhandledrejection', function (event) {
    var reason = event.reason;
    report('unhandledrejection', 'error', 'Unhandled promise rejection: ' + describe(reason, 0), frameOf(reason && reason.stack), reason && reason.stack);
  });

  /* @include bridge-storage.js: memoryStorage, put in for storage the browser refuses */

  // Scroll position across the reloads Sprout does when a new version arrives: the bridge reports
  // where the app is scrolled, and the Sprout page sends it back to the next document it loads.
  function postScroll() {
    try {
      window.parent.postMessage({ source: 'sprout-preview-scroll', path: location.pathname, x: window.scrollX, y: window.scrollY }, targetOrigin);
    } catch (e) {
      /* not fatal: the next version starts at the top */
    }
  }
  var scrollTimer = null;
  window.addEventListener(
    'scroll',
    function () {
      if (scrollTimer) return;
      scrollTimer = setTimeout(function () {
        scrollTimer = null;
        postScroll();
      }, 100);
    },
    { passive: true },
  );
  var userMoved = false;
  ['wheel', 'touchstart', 'keydown'].forEach(function (type) {
    window.addEventListener(
      type,
      function () {
        userMoved = true;
      },
      { passive: true },
    );
  });
  // Loads the page again showing `versionId`. A page loaded by name (`?version=`: a run's candidate,
  // a version on view) keeps that name in its address while later versions are applied in place: a
  // plain reload would bring the named one back (on a build error page, which has no hot update
  // client, the Sprout page then announced the newer version again: a reload loop).
  function loadAgain(versionId) {
    var address = new URL(location.href);
    if (!versionId || !address.searchParams.has('version') || address.searchParams.get('version') === versionId) return location.reload();
    address.searchParams.set('version', versionId);
    location.replace(address.href);
  }

  // Only the Sprout page that frames this one may steer it: its origin, and the parent window itself.
  window.addEventListener('message', function (event) {
    var d = event.data;
    if (event.origin !== targetOrigin || event.source !== window.parent || !d || d.source !== 'sprout-parent') return;
    // Visual edits: pick mode, the selection, changes shown before their version exists.
    if (elementPicker.message(d)) return;
    if (d.type === 'version' && typeof d.versionId === 'string' && d.versionId.length <= 100) {
      // A new version: applied in place by the hot update client, or (a page without one, such as
      // the build error page) by loading the page again at the same address. The version on screen
      // (which the server names in the page, and the client updates) is not new.
      var shown = document.querySelector('meta[name="sprout-version"]');
      // A run's candidate on screen that has since become this version is fetched again, for its tag.
      var provisional = window.__sproutHmr && window.__sproutHmr.provisional && window.__sproutHmr.provisional();
      if (shown && shown.getAttribute('content') === d.versionId && !provisional) {
        // Said every time: the Sprout page learns which version this document shows.
        window.__sproutBridge.update({ versionId: d.versionId, outcome: 'current' });
        return;
      }
      // With the version's module list when the Sprout page had it (the hot update client checks it).
      if (window.__sproutHmr) window.__sproutHmr.apply(d.versionId, d.manifest);
      else loadAgain(d.versionId);
      return;
    }
    if (d.type === 'reload') {
      loadAgain(shownVersion());
      return;
    }
    if (d.type !== 'restore-scroll') return;
    if (d.path !== location.pathname || !(d.y > 0 || d.x > 0)) return;
    var tries = 0;
    // The app may still be rendering: wait (up to 2 s) until the page is tall enough, unless the
    // person has started to scroll on their own.
    (function restore() {
      if (userMoved) return;
      var room = document.documentElement.scrollHeight - window.innerHeight;
      if (room >= d.y || tries++ >= 40) window.scrollTo(d.x, d.y);
      else setTimeout(restore, 50);
    })();
  });

  /* @include bridge-permissions.js: askFor, wrap (the features the app reaches for) */

  // The app's route (path, query and hash), so the Sprout page can open the preview there again
  // after a reload or a new session; reported on load and on every change of the address.
  var lastRoute = null;
  function postRoute() {
    var route = location.pathname + location.search + location.hash;
    if (route === lastRoute || route.length > 2048) return;
    lastRoute = route;
    try {
      window.parent.postMessage({ source: 'sprout-preview-route', path: route }, targetOrigin);
    } catch (e) {
      /* the next change reports again */
    }
  }
  ['pushState', 'replaceState'].forEach(function (name) {
    var original = history[name];
    if (typeof original !== 'function') return;
    history[name] = function () {
      var out = original.apply(this, arguments);
      postRoute();
      return out;
    };
  });
  window.addEventListener('popstate', postRoute);
  window.addEventListener('hashchange', postRoute);
  postRoute();

  // What the hot update client did with a new version: applied in place, or why the page reloads.
  window.__sproutBridge = {
    update: function (m) {
      if (m.outcome === 'hot' || m.outcome === 'current') retell(String(m.versionId));
      // React has rendered the version: the picker's selection follows it, its previews give way.
      if (m.outcome === 'hot') elementPicker.applied();
      try {
        window.parent.postMessage(
          { source: 'sprout-preview-update', versionId: String(m.versionId), outcome: m.outcome, files: m.files || [], reason: m.reason || null },
          targetOrigin,
        );
      } catch (e) {
        /* nothing to tell then */
      }
    },
  };

  ['log', 'info', 'warn', 'error', 'debug'].forEach(function (level) {
    var original = console[level];
    console[level] = function () {
      try {
        var frame = level === 'error' || level === 'warn' ? frameOf(new Error().stack) : null;
        report('console', level, format(arguments), frame);
      } catch (e) {
        /* the app's logging must keep working even if forwarding fails */
      }
      return original.apply(this, arguments);
    };
  });
})(__SPROUT_TARGET_ORIGIN__);

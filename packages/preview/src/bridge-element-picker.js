// Part of the runtime bridge (./bridge-runtime.js), put in place of its `@include` line by
// ./bridge.ts before minifying: the element picker of visual edits. It reads the bridge's scope
// (`targetOrigin`) and is not a module of its own. Plain ES2017, no imports. Nothing here runs until
// the Sprout page asks for it (pick mode, a selection, a change to show), and nothing it does may
// throw into the app.
//
// Preview modules mark every host element with its place in the source, `data-sprout-loc="file:line:column"`
// (modules/jsx-locations.ts). The Sprout page sends (`source: 'sprout-parent'`, checked by the bridge):
//   { type: 'pick', on }                         pick mode on or off
//   { type: 'select', loc }                      select the first element with that loc, or none (null)
//   { type: 'preview-change', loc, change }      show { text?, style? } on every element with that loc at once
//   { type: 'clear-preview-changes' }            put back what preview-change and inline editing changed
// and hears `{ source: 'sprout-preview-element', event, … }`: hover, selected, moved, lost, cancel, text
// (packages/preview/README.md has the fields).
//
// This file is the picker itself: pick mode, the pointer, clicks and keys, the listeners (there only
// while there is something to do), the Sprout page's messages and versions applied in place. Its
// parts are included before it, in this order, each a factory in `pickerParts` called once here:
//   bridge-element-picker-facts.js       what is known of an element (loc, component, the `element` told)
//   bridge-element-picker-overlay.js     the boxes drawn over the app, and the cursor
//   bridge-element-picker-changes.js     changes shown before their version exists, inline text editing
//   bridge-element-picker-selection.js   the selection, kept on its element (moved, lost)
var elementPicker = (function (parts) {
  var MESSAGES = { pick: 1, select: 1, 'preview-change': 1, 'clear-preview-changes': 1 };
  var hasOwn = Object.prototype.hasOwnProperty;

  var picking = false;
  var listening = false;
  // The marked element under the pointer and when the pointer got there; the one the box is drawn
  // around; the last one told to the Sprout page.
  var pointed = null;
  var pointedAt = 0;
  var hoverQueued = false;
  var hovered = null;
  var hoverTold = null;
  var checkQueued = false;

  function safe(fn) {
    return function () {
      try {
        return fn.apply(this, arguments);
      } catch (e) {
        /* the picker fails quietly; the app goes on */
      }
    };
  }

  function send(message) {
    message.source = 'sprout-preview-element';
    try {
      window.parent.postMessage(message, targetOrigin);
    } catch (e) {
      /* nothing to tell then */
    }
  }

  // `fn` once the browser has drawn the next frame (or after a moment, in a frame it does not draw).
  function afterFrame(fn) {
    var done = false;
    var run = safe(function () {
      if (done) return;
      done = true;
      fn();
    });
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(run);
    setTimeout(run, 100);
  }

  function now() {
    return typeof performance !== 'undefined' ? performance.now() : Date.now();
  }

  // Once a frame after anything that may move the selection (scroll, resize, a change to the page).
  var schedule = safe(function () {
    if (checkQueued) return;
    checkQueued = true;
    afterFrame(check);
  });

  var facts = parts.facts();
  var marked = facts.marked;
  var describeElement = facts.describeElement;
  var overlay = parts.overlay(facts);
  var changes = parts.changes(facts, {
    safe: safe,
    send: send,
    listen: listen,
    moved: function () {
      if (selection.current()) schedule();
    },
  });
  var selection = parts.selection(facts, overlay, changes, { safe: safe, send: send, listen: listen, schedule: schedule });

  function drawHover() {
    overlay.hover(picking ? hovered : null);
  }

  function setPicking(on) {
    if (on === picking) return;
    picking = on;
    if (on) overlay.show();
    pointed = null;
    hovered = null;
    hoverTold = null;
    drawHover();
    overlay.cursor(on);
    listen();
  }

  // Hover: one box per frame, and the Sprout page told once the frame with it has been drawn (with
  // how long that took since the pointer moved there).
  var onPointerMove = safe(function (e) {
    if (!picking) return;
    pointed = marked(e.target);
    pointedAt = e.timeStamp;
    if (hoverQueued) return;
    hoverQueued = true;
    afterFrame(showHover);
  });

  function showHover() {
    hoverQueued = false;
    var el = pointed;
    var at = pointedAt;
    hovered = el;
    drawHover();
    if (!el || el === hoverTold) return;
    hoverTold = el;
    afterFrame(function () {
      if (!picking || hovered !== el) return;
      // Event times are on the page's clock (performance.now) in today's browsers; epoch in old ones.
      var latency = at > 1e12 ? Date.now() - at : now() - at;
      send({ event: 'hover', element: describeElement(el), latencyMs: Math.max(0, Math.round(latency * 10) / 10) });
    });
  }

  var onPointerOut = safe(function (e) {
    // The pointer left the page.
    if (!picking || e.relatedTarget) return;
    pointed = null;
    hovered = null;
    hoverTold = null;
    drawHover();
  });

  // In pick mode a press is the picker's: the app never sees it (nor its default: no focus, no
  // link followed, no form sent). The click selects.
  var onPress = safe(function (e) {
    if (changes.inEdit(e.target)) {
      // Placing the caret in the text being edited: the browser's, not the app's.
      e.stopImmediatePropagation();
      if (e.type === 'click' || e.type === 'auxclick') e.preventDefault();
      return;
    }
    if (!picking) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    if (e.type === 'pointerdown' || e.type === 'mousedown') {
      changes.finishEdit(true);
      // The press focused nothing: keys (Escape) must still come to this page.
      if (e.type === 'pointerdown' && typeof window.focus === 'function') window.focus();
    }
    if (e.type !== 'click') return;
    var el = marked(e.target);
    if (el) selection.select(el);
  });

  var onTouch = safe(function (e) {
    if (picking && !changes.inEdit(e.target)) e.stopImmediatePropagation();
  });

  var onDoubleClick = safe(function (e) {
    if (changes.inEdit(e.target)) {
      e.stopImmediatePropagation();
      return;
    }
    var el = marked(e.target);
    var mine = !!el && el === selection.current();
    if (!picking && !mine) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    if (mine) changes.startEdit(el);
  });

  var onKey = safe(function (e) {
    if (changes.editing()) {
      if (e.key === 'Enter' && !e.isComposing) {
        e.preventDefault();
        e.stopImmediatePropagation();
        changes.finishEdit(true);
      } else if (e.key === 'Escape') {
        e.preventDefault();
        e.stopImmediatePropagation();
        changes.finishEdit(false);
      } else if (changes.inEdit(e.target)) e.stopImmediatePropagation();
      return;
    }
    if (!picking || e.key !== 'Escape') return;
    e.preventDefault();
    e.stopImmediatePropagation();
    setPicking(false);
    send({ event: 'cancel' });
  });

  // Typing in the text being edited is not the app's either; it stays one line.
  var onTyping = safe(function (e) {
    if (!changes.inEdit(e.target)) return;
    e.stopImmediatePropagation();
    if (e.type === 'beforeinput' && /^insert(Paragraph|LineBreak)$/.test(e.inputType)) e.preventDefault();
  });

  var CAPTURE = { capture: true };
  var PASSIVE = { capture: true, passive: true };
  var LISTENERS = [
    ['pointermove', onPointerMove, PASSIVE],
    ['pointerout', onPointerOut, PASSIVE],
    ['pointerdown', onPress, CAPTURE],
    ['mousedown', onPress, CAPTURE],
    ['pointerup', onPress, CAPTURE],
    ['mouseup', onPress, CAPTURE],
    ['click', onPress, CAPTURE],
    ['auxclick', onPress, CAPTURE],
    ['touchstart', onTouch, PASSIVE],
    ['touchend', onTouch, PASSIVE],
    ['dblclick', onDoubleClick, CAPTURE],
    ['keydown', onKey, CAPTURE],
    ['keyup', onTyping, CAPTURE],
    ['keypress', onTyping, CAPTURE],
    ['beforeinput', onTyping, CAPTURE],
    ['input', onTyping, CAPTURE],
    ['scroll', schedule, PASSIVE],
    ['resize', schedule, PASSIVE],
  ];

  // The listeners are there only while there is something to do: pick mode, a selection, an edit.
  function listen() {
    var want = picking || !!selection.current() || !!changes.editing();
    if (want === listening) return;
    listening = want;
    for (var i = 0; i < LISTENERS.length; i++) {
      if (want) window.addEventListener(LISTENERS[i][0], LISTENERS[i][1], LISTENERS[i][2]);
      else window.removeEventListener(LISTENERS[i][0], LISTENERS[i][1], LISTENERS[i][2]);
    }
  }

  // The boxes follow what they are drawn around, once a frame (see `schedule`).
  function check() {
    checkQueued = false;
    drawHover();
    selection.check();
  }

  // A version was applied in place and React has drawn it: the changes shown for it give way to its
  // own classes and text, and the selection follows its element (or is lost).
  function applied() {
    if (!picking && !selection.current() && !changes.shown()) return;
    afterFrame(function () {
      changes.clear();
      drawHover();
      selection.redrawn();
    });
  }

  function handle(d) {
    if (d.type === 'pick') setPicking(d.on === true);
    else if (d.type === 'select') {
      if (typeof d.loc === 'string' && d.loc.length <= 2048) selection.selectLoc(d.loc);
      else if (d.loc === null) selection.unselect();
    } else if (d.type === 'preview-change') changes.preview(d.loc, d.change);
    else if (d.type === 'clear-preview-changes') changes.clear();
  }

  return {
    // A message of the Sprout page (already checked): true when it was the picker's.
    message: function (d) {
      if (!hasOwn.call(MESSAGES, d.type)) return false;
      safe(handle)(d);
      return true;
    },
    applied: safe(applied),
  };
})(pickerParts);

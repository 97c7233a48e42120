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
var elementPicker = (function () {
  var ATTR = 'data-sprout-loc';
  // Other elements drawn from the same place (the items of a list) get a thinner outline each, up to this many.
  var MAX_SAME = 50;
  // How long a selection asked for by loc waits for the app to draw it (after a reload), in tries of 100 ms.
  var SELECT_TRIES = 30;
  var MESSAGES = { pick: 1, select: 1, 'preview-change': 1, 'clear-preview-changes': 1 };
  var hasOwn = Object.prototype.hasOwnProperty;

  var picking = false;
  var listening = false;
  var ui = null;
  var cursor = null;
  // The marked element under the pointer and when the pointer got there; the one the box is drawn
  // around; the last one told to the Sprout page.
  var pointed = null;
  var pointedAt = 0;
  var hoverQueued = false;
  var hovered = null;
  var hoverTold = null;
  // The selection: its element, that element's loc, and which of the elements with that loc it is.
  var selected = null;
  var selectedLoc = null;
  var selectedIndex = 0;
  var selectedKind = null;
  var lastRect = null;
  var checkQueued = false;
  var resizeWatch = null;
  var pageWatch = null;
  var waiting = null;
  // Changes shown before their version exists: inline style properties ({ el, name, value, priority,
  // hadStyle, set }) and text ({ node, original, set, rewritten }: a text node React wrote since is React's).
  var styles = [];
  var texts = [];
  var textWatch = null;
  var editing = null;

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

  // The nearest marked element at or above `node`.
  function marked(node) {
    var el = node && node.nodeType === 1 ? node : node && node.parentElement;
    return el && typeof el.closest === 'function' ? el.closest('[' + ATTR + ']') : null;
  }

  function withLoc(loc) {
    try {
      return document.querySelectorAll('[' + ATTR + '="' + String(loc).replace(/["\\]/g, '\\$&') + '"]');
    } catch (e) {
      return [];
    }
  }

  function indexIn(el, loc) {
    var all = withLoc(loc);
    for (var i = 0; i < all.length; i++) if (all[i] === el) return i;
    return 0;
  }

  // React's fiber of a DOM node (React DOM keeps it on the node under a key of its own).
  function fiberOf(node) {
    var keys = Object.keys(node);
    for (var i = 0; i < keys.length; i++) if (keys[i].indexOf('__reactFiber$') === 0) return node[keys[i]];
    return null;
  }

  // A component's name: functions and classes, memo (`type.type`) and forwardRef (`type.render`).
  function nameOf(type, depth) {
    if (!type || depth > 3) return null;
    if (typeof type === 'function') return type.displayName || type.name || null;
    if (typeof type !== 'object') return null;
    if (typeof type.displayName === 'string' && type.displayName) return type.displayName;
    return nameOf(type.type, depth + 1) || nameOf(type.render, depth + 1);
  }

  // The component whose code wrote the element: the owner React records in development (so an
  // element passed to another component as children is still its writer's), else the nearest named
  // component above it.
  function componentOf(el) {
    var fiber = fiberOf(el);
    if (!fiber) return null;
    var owner = fiber._debugOwner;
    var name = owner && nameOf(owner.type, 0);
    if (name) return name;
    for (var f = fiber.return, i = 0; f && i < 1000; f = f.return, i++) {
      name = nameOf(f.type, 0);
      if (name) return name;
    }
    return null;
  }

  function parseLoc(loc) {
    var m = /^(.*):(\d+):(\d+)$/.exec(loc);
    return m ? { file: m[1], line: +m[2], column: +m[3] } : { file: loc, line: null, column: null };
  }

  function rectOf(el) {
    var r = el.getBoundingClientRect();
    var round = function (n) {
      return Math.round(n * 100) / 100;
    };
    return { x: round(r.left), y: round(r.top), width: round(r.width), height: round(r.height) };
  }

  function sameRect(a, b) {
    return !!a && !!b && a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
  }

  // What the Sprout page's edit panel shows of an element.
  function describeElement(el) {
    var loc = el.getAttribute(ATTR) || '';
    var where = parseLoc(loc);
    var cs = window.getComputedStyle(el);
    var text = (el.textContent || '').trim();
    var src = null;
    if (el.localName === 'img') {
      src = el.currentSrc || el.src || null;
      // An address the edit panel can use as it is (an imported image may be a long data URL): none otherwise.
      if (src && src.length > 2048) src = null;
    }
    return {
      loc: loc,
      file: where.file,
      line: where.line,
      column: where.column,
      tag: el.localName,
      component: componentOf(el),
      count: withLoc(loc).length,
      text: text.length > 300 ? text.slice(0, 300) : text,
      rect: rectOf(el),
      styles: {
        color: cs.color,
        backgroundColor: cs.backgroundColor,
        borderColor: cs.borderColor,
        padding: cs.padding,
        fontSize: cs.fontSize,
        fontWeight: cs.fontWeight,
        borderRadius: cs.borderRadius,
        textAlign: cs.textAlign,
      },
      src: src,
    };
  }

  // The boxes live in a closed shadow root on a host of their own under <html>: the app's CSS cannot
  // reach them, they take no room and no clicks, and they are drawn above everything.
  // Orange follows the pointer; blue, steadier, stays on the selection (dashed on the other elements
  // drawn from the same place).
  var CSS = [
    '.box{position:absolute;left:0;top:0;box-sizing:border-box;pointer-events:none;display:none;border-radius:2px}',
    '.hover{outline:2px solid #f97316;outline-offset:-1px;background:rgba(249,115,22,.08)}',
    '.selected{outline:2px solid #2563eb;outline-offset:-1px}',
    '.same{outline:1px dashed #2563eb;outline-offset:-1px}',
    '.label{position:absolute;left:-1px;bottom:100%;margin-bottom:2px;padding:1px 5px;border-radius:3px;color:#fff;',
    'font:500 11px/16px system-ui,-apple-system,"Segoe UI",sans-serif;white-space:nowrap;max-width:320px;overflow:hidden;text-overflow:ellipsis}',
    '.label.below{bottom:auto;top:100%;margin:2px 0 0}',
    '.hover .label{background:#f97316}.selected .label{background:#2563eb}.same .label{display:none}',
  ].join('');

  function makeBox(kind, root) {
    var box = document.createElement('div');
    box.className = 'box ' + kind;
    var label = document.createElement('div');
    label.className = 'label';
    box.appendChild(label);
    root.appendChild(box);
    return box;
  }

  function makeUi() {
    if (ui) {
      if (!ui.host.isConnected) document.documentElement.appendChild(ui.host);
      return ui;
    }
    var host = document.createElement('sprout-picker');
    var fixed = {
      all: 'initial',
      display: 'block',
      position: 'fixed',
      top: '0',
      left: '0',
      width: '0',
      height: '0',
      overflow: 'visible',
      'pointer-events': 'none',
      'z-index': '2147483647',
    };
    for (var name in fixed) host.style.setProperty(name, fixed[name], 'important');
    var root = host.attachShadow({ mode: 'closed' });
    var style = document.createElement('style');
    style.textContent = CSS;
    root.appendChild(style);
    ui = { host: host, root: root, hover: makeBox('hover', root), selected: makeBox('selected', root), same: [] };
    document.documentElement.appendChild(host);
    return ui;
  }

  function place(box, el, withLabel) {
    var r = el.getBoundingClientRect();
    box.style.display = 'block';
    box.style.transform = 'translate(' + r.left + 'px,' + r.top + 'px)';
    box.style.width = r.width + 'px';
    box.style.height = r.height + 'px';
    if (!withLabel) return;
    var label = box.firstChild;
    var component = componentOf(el);
    label.textContent = component ? component + ' \u00b7 ' + el.localName : el.localName;
    label.className = r.top < 20 ? 'label below' : 'label';
  }

  function drawHover() {
    if (!ui) return;
    if (picking && hovered && hovered.isConnected) place(ui.hover, hovered, true);
    else ui.hover.style.display = 'none';
  }

  function drawSelection() {
    if (!ui) return;
    var others = [];
    if (selected && selected.isConnected) {
      place(ui.selected, selected, true);
      var all = withLoc(selectedLoc);
      for (var i = 0; i < all.length && others.length < MAX_SAME; i++) if (all[i] !== selected) others.push(all[i]);
    } else ui.selected.style.display = 'none';
    for (var j = 0; j < others.length; j++) {
      if (!ui.same[j]) ui.same.push(makeBox('same', ui.root));
      place(ui.same[j], others[j], false);
    }
    for (var k = others.length; k < ui.same.length; k++) ui.same[k].style.display = 'none';
  }

  function setCursor(on) {
    if (on) {
      if (!cursor) {
        cursor = document.createElement('style');
        cursor.setAttribute('data-sprout-picker', '');
        cursor.textContent = 'html,html *{cursor:crosshair!important}[contenteditable]{cursor:text!important}';
      }
      if (!cursor.isConnected) (document.head || document.documentElement).appendChild(cursor);
    } else if (cursor && cursor.parentNode) cursor.parentNode.removeChild(cursor);
  }

  function setPicking(on) {
    if (on === picking) return;
    picking = on;
    if (on) makeUi();
    pointed = null;
    hovered = null;
    hoverTold = null;
    drawHover();
    setCursor(on);
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
    var inside = editing && editing.el.contains(e.target);
    if (inside) {
      // Placing the caret in the text being edited: the browser's, not the app's.
      e.stopImmediatePropagation();
      if (e.type === 'click' || e.type === 'auxclick') e.preventDefault();
      return;
    }
    if (!picking) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    if (e.type === 'pointerdown' || e.type === 'mousedown') {
      if (editing) finishEdit(true);
      // The press focused nothing: keys (Escape) must still come to this page.
      if (e.type === 'pointerdown' && typeof window.focus === 'function') window.focus();
    }
    if (e.type !== 'click') return;
    var el = marked(e.target);
    if (el) select(el);
  });

  var onTouch = safe(function (e) {
    if (picking && !(editing && editing.el.contains(e.target))) e.stopImmediatePropagation();
  });

  var onDoubleClick = safe(function (e) {
    if (editing && editing.el.contains(e.target)) {
      e.stopImmediatePropagation();
      return;
    }
    var el = marked(e.target);
    var mine = !!el && el === selected;
    if (!picking && !mine) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    if (mine) startEdit(el);
  });

  var onKey = safe(function (e) {
    if (editing) {
      if (e.key === 'Enter' && !e.isComposing) {
        e.preventDefault();
        e.stopImmediatePropagation();
        finishEdit(true);
      } else if (e.key === 'Escape') {
        e.preventDefault();
        e.stopImmediatePropagation();
        finishEdit(false);
      } else if (editing.el.contains(e.target)) e.stopImmediatePropagation();
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
    if (!editing || !editing.el.contains(e.target)) return;
    e.stopImmediatePropagation();
    if (e.type === 'beforeinput' && /^insert(Paragraph|LineBreak)$/.test(e.inputType)) e.preventDefault();
  });

  var schedule = safe(function () {
    if (checkQueued) return;
    checkQueued = true;
    afterFrame(check);
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
    var want = picking || !!selected || !!editing;
    if (want === listening) return;
    listening = want;
    for (var i = 0; i < LISTENERS.length; i++) {
      if (want) window.addEventListener(LISTENERS[i][0], LISTENERS[i][1], LISTENERS[i][2]);
      else window.removeEventListener(LISTENERS[i][0], LISTENERS[i][1], LISTENERS[i][2]);
    }
  }

  function watchSelection() {
    if (typeof ResizeObserver === 'function') {
      if (!resizeWatch) resizeWatch = new ResizeObserver(schedule);
      resizeWatch.disconnect();
      resizeWatch.observe(selected);
    }
    if (!pageWatch && typeof MutationObserver === 'function') {
      pageWatch = new MutationObserver(schedule);
      pageWatch.observe(document.documentElement, { childList: true, subtree: true, attributes: true, characterData: true });
    }
  }

  function select(el) {
    waiting = null;
    if (editing && editing.el !== el) finishEdit(true);
    makeUi();
    selected = el;
    selectedLoc = el.getAttribute(ATTR);
    selectedIndex = indexIn(el, selectedLoc);
    selectedKind = { tag: el.localName, component: componentOf(el) };
    watchSelection();
    lastRect = rectOf(el);
    drawSelection();
    listen();
    send({ event: 'selected', element: describeElement(el) });
  }

  function unselect() {
    waiting = null;
    if (editing) finishEdit(true);
    selected = null;
    selectedLoc = null;
    lastRect = null;
    if (resizeWatch) resizeWatch.disconnect();
    if (pageWatch) pageWatch.disconnect();
    pageWatch = null;
    drawSelection();
    listen();
  }

  // Selects the first element with `loc`; after a reload the app may not have drawn it yet, so it is
  // waited for (3 s at most) before the Sprout page is told it is not there.
  function selectLoc(loc) {
    unselect();
    var wait = { tries: 0 };
    waiting = wait;
    (function attempt() {
      if (waiting !== wait) return;
      var found = withLoc(loc)[0];
      if (found) return select(found);
      if (++wait.tries >= SELECT_TRIES) {
        waiting = null;
        return send({ event: 'lost', loc: loc });
      }
      setTimeout(safe(attempt), 100);
    })();
  }

  // Keeps the selection on its element: the same node while it is in the page (React drew it again,
  // perhaps from code that moved: its loc moves with it), else the element with its loc, tag and
  // component (React made it anew: a remount, a route drawn again). 'same', 'changed', or null once
  // `lost` was told.
  function follow() {
    if (selected.isConnected) {
      var loc = selected.getAttribute(ATTR);
      if (loc) {
        var changed = loc !== selectedLoc;
        selectedLoc = loc;
        selectedIndex = indexIn(selected, loc);
        return changed ? 'changed' : 'same';
      }
    }
    // Lines move with each version: an element of another kind (or another component's) that now
    // starts where the selection did is not it.
    var all = Array.prototype.filter.call(withLoc(selectedLoc), function (el) {
      return el.localName === selectedKind.tag && componentOf(el) === selectedKind.component;
    });
    var again = all[selectedIndex] || all[0];
    if (again) {
      selected = again;
      if (resizeWatch) {
        resizeWatch.disconnect();
        resizeWatch.observe(again);
      }
      return 'changed';
    }
    var gone = selectedLoc;
    unselect();
    send({ event: 'lost', loc: gone });
    return null;
  }

  // Once a frame after anything that may move the selection (scroll, resize, a change to the page).
  function check() {
    checkQueued = false;
    drawHover();
    if (!selected) return;
    var how = follow();
    if (!how) return;
    drawSelection();
    var rect = rectOf(selected);
    if (how === 'same' && sameRect(rect, lastRect)) return;
    lastRect = rect;
    send({ event: 'moved', element: describeElement(selected) });
  }

  function showStyle(el, property, value) {
    var name = String(property).replace(/[A-Z]/g, function (c) {
      return '-' + c.toLowerCase();
    });
    if (!/^-?[a-z][a-z0-9-]*$/.test(name) || (value !== null && typeof value !== 'string') || (value && value.length > 500)) return;
    var record = null;
    for (var i = 0; i < styles.length; i++) if (styles[i].el === el && styles[i].name === name) record = styles[i];
    if (!record) {
      record = {
        el: el,
        name: name,
        value: el.style.getPropertyValue(name),
        priority: el.style.getPropertyPriority(name),
        hadStyle: el.hasAttribute('style'),
        set: '',
      };
      styles.push(record);
    }
    // null takes the picker's value away: the element's own inline value (if any) and classes show again.
    if (value !== null) el.style.setProperty(name, value, 'important');
    else if (record.value) el.style.setProperty(name, record.value, record.priority);
    else el.style.removeProperty(name);
    record.set = el.style.getPropertyValue(name);
  }

  function clearStyles() {
    for (var i = styles.length - 1; i >= 0; i--) {
      var r = styles[i];
      // Written since by someone else (React, from a style prop of the new version): theirs stays.
      if (r.el.style.getPropertyValue(r.name) !== r.set) continue;
      if (r.value) r.el.style.setProperty(r.name, r.value, r.priority);
      else r.el.style.removeProperty(r.name);
      if (!r.hadStyle && r.el.getAttribute('style') === '') r.el.removeAttribute('style');
    }
    styles = [];
  }

  // The element's one non-blank text node (React's own: it keeps a reference to it, so it is never replaced).
  function textNodeOf(el) {
    var found = null;
    for (var n = el.firstChild; n; n = n.nextSibling) {
      if (n.nodeType !== 3 || !/\S/.test(n.nodeValue)) continue;
      if (found) return null;
      found = n;
    }
    return found;
  }

  // A text node written since the picker changed it was written by React (a new version): the text
  // is React's. Not the one being edited: the browser writes that one as the person types.
  function rewritten(records) {
    for (var i = 0; i < records.length; i++) {
      var node = records[i].target;
      if (editing && node === editing.node) continue;
      for (var j = 0; j < texts.length; j++) if (texts[j].node === node) texts[j].rewritten = true;
    }
  }

  // Sets a text node's value, noting what React wrote before and leaving out the picker's own write.
  function writeText(node, value) {
    if (textWatch) rewritten(textWatch.takeRecords());
    node.nodeValue = value;
    if (textWatch) textWatch.takeRecords();
  }

  function showText(el, text) {
    var node = textNodeOf(el);
    if (!node) return;
    if (textWatch) rewritten(textWatch.takeRecords());
    var record = null;
    for (var i = 0; i < texts.length; i++) if (texts[i].node === node) record = texts[i];
    if (record && record.rewritten) {
      record.original = node.nodeValue;
      record.rewritten = false;
    }
    if (!record) {
      record = { node: node, original: node.nodeValue, set: null, rewritten: false };
      texts.push(record);
      if (!textWatch && typeof MutationObserver === 'function') textWatch = new MutationObserver(safe(rewritten));
      if (textWatch) textWatch.observe(node, { characterData: true });
    }
    // The text between the original's own leading and trailing white space.
    var edges = /^(\s*)[\s\S]*?(\s*)$/.exec(record.original);
    writeText(node, edges[1] + text + edges[2]);
    record.set = node.nodeValue;
  }

  function clearTexts() {
    if (textWatch) {
      rewritten(textWatch.takeRecords());
      textWatch.disconnect();
    }
    for (var i = 0; i < texts.length; i++) {
      var t = texts[i];
      if (!t.rewritten && t.node.nodeValue === t.set) t.node.nodeValue = t.original;
    }
    texts = [];
  }

  function clearChanges() {
    clearStyles();
    clearTexts();
    if (selected) schedule();
  }

  function previewChange(loc, change) {
    if (typeof loc !== 'string' || !change || typeof change !== 'object') return;
    var els = withLoc(loc);
    var style = change.style && typeof change.style === 'object' ? change.style : null;
    for (var i = 0; i < els.length; i++) {
      if (typeof change.text === 'string') showText(els[i], change.text);
      if (style) for (var name in style) if (hasOwn.call(style, name)) showStyle(els[i], name, style[name]);
    }
  }

  // Inline text editing of the selected element, when its content is one text node (no elements:
  // nothing the app drew can be typed away).
  function startEdit(el) {
    if (editing) finishEdit(true);
    var nodes = Array.prototype.slice.call(el.childNodes);
    for (var i = 0; i < nodes.length; i++) if (nodes[i].nodeType !== 3 && nodes[i].nodeType !== 8) return;
    var node = textNodeOf(el);
    if (!node) return;
    if (textWatch) rewritten(textWatch.takeRecords());
    editing = { el: el, node: node, nodes: nodes, before: node.nodeValue, editable: el.getAttribute('contenteditable') };
    el.setAttribute('contenteditable', 'plaintext-only');
    el.addEventListener('blur', onEditBlur);
    listen();
    el.focus();
    var range = document.createRange();
    range.selectNodeContents(el);
    var selection = window.getSelection();
    if (selection) {
      selection.removeAllRanges();
      selection.addRange(range);
    }
  }

  var onEditBlur = safe(function () {
    if (editing) finishEdit(true);
  });

  // Ends the edit: React's own nodes go back in place of whatever the browser made of them, with the
  // new text when it is committed (a change shown until its version comes), the old one otherwise.
  function finishEdit(commit) {
    var ed = editing;
    editing = null;
    var el = ed.el;
    el.removeEventListener('blur', onEditBlur);
    var typed = (el.textContent || '')
      .replace(/\u00a0/g, ' ')
      .replace(/\s*[\r\n]+\s*/g, ' ')
      .trim();
    if (ed.editable === null) el.removeAttribute('contenteditable');
    else el.setAttribute('contenteditable', ed.editable);
    while (el.firstChild) el.removeChild(el.firstChild);
    for (var i = 0; i < ed.nodes.length; i++) el.appendChild(ed.nodes[i]);
    // What the browser typed into a watched node is not React's writing: left out.
    if (textWatch) textWatch.takeRecords();
    ed.node.nodeValue = ed.before;
    if (textWatch) textWatch.takeRecords();
    try {
      var selection = window.getSelection();
      if (selection) selection.removeAllRanges();
    } catch (e) {
      /* nothing selected */
    }
    listen();
    if (commit && typed !== ed.before.trim()) {
      showText(el, typed);
      send({ event: 'text', loc: el.getAttribute(ATTR), text: typed });
    }
    if (selected) schedule();
  }

  // A version was applied in place and React has drawn it: the changes shown for it give way to its
  // own classes and text, and the selection follows its element (or is lost).
  function applied() {
    if (!picking && !selected && !styles.length && !texts.length) return;
    afterFrame(function () {
      clearChanges();
      drawHover();
      if (!selected) return;
      if (!follow()) return;
      drawSelection();
      lastRect = rectOf(selected);
      send({ event: 'moved', element: describeElement(selected) });
    });
  }

  function handle(d) {
    if (d.type === 'pick') setPicking(d.on === true);
    else if (d.type === 'select') {
      if (typeof d.loc === 'string' && d.loc.length <= 2048) selectLoc(d.loc);
      else if (d.loc === null) unselect();
    } else if (d.type === 'preview-change') previewChange(d.loc, d.change);
    else if (d.type === 'clear-preview-changes') clearChanges();
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
})();

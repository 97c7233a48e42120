// Part of the element picker (./bridge-element-picker.js tells the whole of it), put in the runtime
// bridge's scope by ./bridge.ts. Plain ES2017, no imports. What the picker knows of an element of the
// app: its place in the source (`data-sprout-loc`), the other elements drawn from that place, the
// component whose code wrote it (from React's fiber), and the `element` the Sprout page is told of.
//
// The picker's parts come before the picker, each a factory in `pickerParts` that it calls once;
// this one, the first of them, makes that object. Nothing here changes the page.
var pickerParts = {};

pickerParts.facts = function () {
  var ATTR = 'data-sprout-loc';

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

  return {
    ATTR: ATTR,
    marked: marked,
    withLoc: withLoc,
    indexIn: indexIn,
    componentOf: componentOf,
    rectOf: rectOf,
    sameRect: sameRect,
    describeElement: describeElement,
  };
};

// Part of the element picker (./bridge-element-picker.js tells the whole of it), put in the runtime
// bridge's scope by ./bridge.ts after ./bridge-element-picker-facts.js. Plain ES2017, no imports.
// What the picker draws over the app: the box that follows the pointer, the selection's outline with
// the thinner ones of the other elements drawn from the same place (the items of a list), each box's
// label, and the crosshair cursor of pick mode. The picker says what to draw; this keeps no state of
// the picker's own.

pickerParts.overlay = function (facts) {
  var componentOf = facts.componentOf;
  var withLoc = facts.withLoc;
  // Other elements drawn from the same place (the items of a list) get a thinner outline each, up to this many.
  var MAX_SAME = 50;

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

  var ui = null;
  var cursor = null;

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

  // The pointer's box around `el`; none for null or an element no longer in the page.
  function drawHover(el) {
    if (!ui) return;
    if (el && el.isConnected) place(ui.hover, el, true);
    else ui.hover.style.display = 'none';
  }

  // The selection's outline around `selected` (none for null or an element no longer in the page),
  // and a thinner one around each other element with its `loc`.
  function drawSelection(selected, loc) {
    if (!ui) return;
    var others = [];
    if (selected && selected.isConnected) {
      place(ui.selected, selected, true);
      var all = withLoc(loc);
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

  return {
    // Puts the boxes' host in the page (again, if the app's document lost it); they stay hidden until drawn.
    show: function () {
      makeUi();
    },
    hover: drawHover,
    selection: drawSelection,
    cursor: setCursor,
  };
};

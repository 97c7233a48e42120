// Part of the element picker (./bridge-element-picker.js tells the whole of it), put in the runtime
// bridge's scope by ./bridge.ts after ./bridge-element-picker-facts.js. Plain ES2017, no imports.
// Changes shown before their version exists: `preview-change` (text and inline styles on every element
// with a loc), `clear-preview-changes` (all of it put back, except what React wrote since), and inline
// text editing of the selected element (contenteditable, committed as a change shown the same way).
//
// `hooks` are the picker's: `safe` and `send` (as everywhere), `listen` (its listeners follow whether an
// edit is on) and `moved` (the page changed under the selection, which may have to be drawn again).

pickerParts.changes = function (facts, hooks) {
  var ATTR = facts.ATTR;
  var withLoc = facts.withLoc;
  var safe = hooks.safe;
  var send = hooks.send;
  var hasOwn = Object.prototype.hasOwnProperty;
  // Inline style properties ({ el, name, value, priority, hadStyle, set }) and text ({ node, original,
  // set, rewritten }: a text node React wrote since is React's).
  var styles = [];
  var texts = [];
  var textWatch = null;
  var editing = null;

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
    hooks.moved();
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
    hooks.listen();
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
    hooks.listen();
    if (commit && typed !== ed.before.trim()) {
      showText(el, typed);
      send({ event: 'text', loc: el.getAttribute(ATTR), text: typed });
    }
    hooks.moved();
  }

  return {
    preview: previewChange,
    clear: clearChanges,
    // Whether any change is shown.
    shown: function () {
      return styles.length > 0 || texts.length > 0;
    },
    startEdit: startEdit,
    // Ends the edit, if there is one: `commit` keeps the typed text, else the old one comes back.
    finishEdit: function (commit) {
      if (editing) finishEdit(commit);
    },
    // The element being edited, or null.
    editing: function () {
      return editing ? editing.el : null;
    },
    // Whether `node` is in the element being edited (its presses and keys are the browser's, not the app's).
    inEdit: function (node) {
      return !!editing && editing.el.contains(node);
    },
  };
};

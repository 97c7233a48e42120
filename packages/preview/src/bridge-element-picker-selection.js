// Part of the element picker (./bridge-element-picker.js tells the whole of it), put in the runtime
// bridge's scope by ./bridge.ts after the facts, the overlay and the changes, which it uses. Plain
// ES2017, no imports. The selection: the element selected (by a click, or by loc for the Sprout page),
// kept on that element while the app draws the page again (`moved`), and `lost` once it is gone.
//
// `hooks` are the picker's: `safe` and `send` (as everywhere), `listen` (its listeners follow whether
// there is a selection) and `schedule` (a check of the selection once the next frame is drawn).

pickerParts.selection = function (facts, overlay, changes, hooks) {
  var ATTR = facts.ATTR;
  var withLoc = facts.withLoc;
  var indexIn = facts.indexIn;
  var componentOf = facts.componentOf;
  var rectOf = facts.rectOf;
  var sameRect = facts.sameRect;
  var describeElement = facts.describeElement;
  var safe = hooks.safe;
  var send = hooks.send;
  var listen = hooks.listen;
  var schedule = hooks.schedule;
  // How long a selection asked for by loc waits for the app to draw it (after a reload), in tries of 100 ms.
  var SELECT_TRIES = 30;

  // The selection: its element, that element's loc, and which of the elements with that loc it is.
  var selected = null;
  var selectedLoc = null;
  var selectedIndex = 0;
  var selectedKind = null;
  var lastRect = null;
  var resizeWatch = null;
  var pageWatch = null;
  var waiting = null;

  function drawSelection() {
    overlay.selection(selected, selectedLoc);
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
    var edited = changes.editing();
    if (edited && edited !== el) changes.finishEdit(true);
    overlay.show();
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
    changes.finishEdit(true);
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
    // The Sprout page tells the selection again (after its own state changed, or a page load): the
    // element already selected stays, not the first of its list.
    if (selected && selectedLoc === loc && selected.isConnected) return;
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

  // Anything may have moved the selection (scroll, resize, a change to the page): `moved` when it did.
  function check() {
    if (!selected) return;
    var how = follow();
    if (!how) return;
    drawSelection();
    var rect = rectOf(selected);
    if (how === 'same' && sameRect(rect, lastRect)) return;
    lastRect = rect;
    send({ event: 'moved', element: describeElement(selected) });
  }

  // React has drawn a version applied in place: the selection follows its element (or is lost), and
  // `moved` is told in any case.
  function redrawn() {
    if (!selected) return;
    if (!follow()) return;
    drawSelection();
    lastRect = rectOf(selected);
    send({ event: 'moved', element: describeElement(selected) });
  }

  return {
    // The selected element, or null.
    current: function () {
      return selected;
    },
    select: select,
    selectLoc: selectLoc,
    unselect: unselect,
    check: check,
    redrawn: redrawn,
  };
};

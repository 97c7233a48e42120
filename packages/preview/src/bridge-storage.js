// Part of the runtime bridge (./bridge-runtime.js), put in place of its `@include` line by
// ./bridge.ts before minifying, and run there, before the app: the app's storage when the browser
// refuses it. It is not a module of its own. Plain ES2017, no imports.
//
// Storage the browser refuses to a framed preview (third-party storage blocked, e.g. private
// windows) would throw in the app and leave the preview blank: the app gets a working in-memory
// stand-in instead, which only forgets its data on reload.
function memoryStorage() {
  var data = {};
  return {
    getItem: function (k) {
      k = String(k);
      return Object.prototype.hasOwnProperty.call(data, k) ? data[k] : null;
    },
    setItem: function (k, v) {
      data[String(k)] = String(v);
    },
    removeItem: function (k) {
      delete data[String(k)];
    },
    clear: function () {
      data = {};
    },
    key: function (i) {
      var keys = Object.keys(data);
      return i < keys.length ? keys[i] : null;
    },
    get length() {
      return Object.keys(data).length;
    },
  };
}
['localStorage', 'sessionStorage'].forEach(function (name) {
  try {
    var probe = window[name];
    probe.getItem('sprout');
  } catch (e) {
    try {
      Object.defineProperty(window, name, { value: memoryStorage(), configurable: true });
    } catch (e2) {
      /* the app meets the browser's own error */
    }
  }
});

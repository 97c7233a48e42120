// Part of the runtime bridge (./bridge-runtime.js), put in place of its `@include` line by
// ./bridge.ts before minifying, and run there, before the app: the Sprout page is told of each
// browser feature the app reaches for that the frame was not given. It reads the bridge's scope
// (`targetOrigin`) and is not a module of its own. Plain ES2017, no imports.
//
// Camera, microphone, location and clipboard reading are not delegated to the frame until the
// person agrees: when the app reaches for one it was not given, the Sprout page is told, asks the
// person, and reloads the preview with it. The call itself fails as the browser makes it fail.
var policy = document.permissionsPolicy || document.featurePolicy;
var nav = typeof navigator === 'undefined' ? {} : navigator;
function askFor(features) {
  var missing = [];
  for (var i = 0; i < features.length; i++) {
    var allowed = false;
    try {
      allowed = policy ? policy.allowsFeature(features[i]) : false;
    } catch (e) {
      allowed = false;
    }
    if (!allowed) missing.push(features[i]);
  }
  if (!missing.length) return;
  try {
    window.parent.postMessage({ source: 'sprout-preview-permission', permissions: missing }, targetOrigin);
  } catch (e) {
    /* the call fails on its own; nothing else to do */
  }
}
function wrap(object, name, features) {
  if (!object || typeof object[name] !== 'function') return;
  var original = object[name];
  try {
    object[name] = function () {
      askFor(typeof features === 'function' ? features(arguments) : features);
      return original.apply(this, arguments);
    };
  } catch (e) {
    /* a read-only API stays as it is */
  }
}
wrap(nav.mediaDevices, 'getUserMedia', function (args) {
  var c = args[0] || {};
  var wanted = [];
  if (c.video) wanted.push('camera');
  if (c.audio) wanted.push('microphone');
  return wanted;
});
wrap(nav.geolocation, 'getCurrentPosition', ['geolocation']);
wrap(nav.geolocation, 'watchPosition', ['geolocation']);
wrap(nav.clipboard, 'readText', ['clipboard-read']);
wrap(nav.clipboard, 'read', ['clipboard-read']);

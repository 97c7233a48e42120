// Part of the runtime bridge (./bridge-runtime.js), put in place of its `@include` line by
// ./bridge.ts before minifying: where in the project a runtime error comes from. It reads the
// bridge's scope (`maps`, `location`) and is not a module of its own. Plain ES2017, no imports.
// apps/api/src/checks/stack-locations.ts does the same on the server for the render check.
// The first frame of a stack in the app's own code (not the bridge, not a vendor package, not the
// preview's JSX runtime, which every element goes through: modules/jsx-locations.ts).
function frameOf(stack) {
  var re = /(https?:\/\/[^\s()]+?\.js):(\d+):(\d+)/g;
  var m;
  while ((m = re.exec(String(stack || '')))) {
    if (m[1].indexOf('/_sprout/vendor/') === -1 && !/\/sprout-jsx\.[a-f0-9]+\.js$/.test(m[1])) return { url: m[1], line: +m[2], column: +m[3] };
  }
  return null;
}

var B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
function decodeMappings(mappings) {
  var lines = [];
  var state = [0, 0, 0, 0];
  var rows = mappings.split(';');
  for (var l = 0; l < rows.length; l++) {
    var segments = [];
    state[0] = 0;
    var parts = rows[l] ? rows[l].split(',') : [];
    for (var s = 0; s < parts.length; s++) {
      var values = [];
      var value = 0;
      var shift = 0;
      for (var c = 0; c < parts[s].length; c++) {
        var digit = B64.indexOf(parts[s][c]);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          values.push(value & 1 ? -(value >> 1) : value >> 1);
          value = 0;
          shift = 0;
        }
      }
      for (var v = 0; v < values.length && v < 4; v++) state[v] += values[v];
      if (values.length >= 4) segments.push([state[0], state[1], state[2], state[3]]);
    }
    lines.push(segments);
  }
  return lines;
}

function sourceMap(url) {
  if (!maps[url]) {
    maps[url] = fetch(url + '.map')
      .then(function (r) {
        return r.ok ? r.json() : null;
      })
      .then(function (map) {
        return map && { sources: map.sources, lines: decodeMappings(map.mappings) };
      })
      .catch(function () {
        return null;
      });
  }
  return maps[url];
}

// Maps a bundle location to the project file, line and column it came from, when a map exists.
function locate(frame) {
  if (!frame) return Promise.resolve(null);
  var raw = { file: frame.url.replace(location.origin, ''), line: frame.line, column: frame.column };
  return sourceMap(frame.url).then(function (map) {
    var row = map && map.lines[frame.line - 1];
    if (!row) return raw;
    var best = null;
    for (var i = 0; i < row.length && row[i][0] <= frame.column - 1; i++) best = row[i];
    return best ? { file: map.sources[best[1]], line: best[2] + 1, column: best[3] + 1 } : raw;
  });
}

/*
 * Long names, addresses and file paths are cut in the middle, never at their useful end: a path
 * keeps its file name, an address its domain, a name its last word. Rendering splits the text in
 * two — a head that shrinks with an ellipsis and a tail that stays whole (ui/middle-text);
 * where only a string will do (a title, a toast), `truncateMiddle` cuts it to a length.
 */

const ELLIPSIS = '…';

/** Where a path's useful end starts: after its last `/` (the file name keeps its folder's slash on the head). */
export function splitPath(path: string): [head: string, tail: string] {
  const slash = path.lastIndexOf('/', path.length - 2);
  return slash === -1 ? ['', path] : [path.slice(0, slash + 1), path.slice(slash + 1)];
}

/** An address without its scheme, split before its domain's last two labels and port (`my-app.sites.` + `example.com`). */
export function splitAddress(url: string): [head: string, tail: string] {
  const bare = url.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
  const slash = bare.indexOf('/');
  const host = slash === -1 ? bare : bare.slice(0, slash);
  const rest = slash === -1 ? '' : bare.slice(slash);
  const labels = host.split('.');
  if (labels.length <= 2) return splitText(host + rest);
  const tail = labels.slice(-2).join('.');
  return [host.slice(0, host.length - tail.length), tail + rest];
}

/**
 * A name split so its last `tailChars` characters (moved to the start of its last word when that
 * word is near) stay whole. Short texts keep no tail: nothing to protect.
 */
export function splitText(text: string, tailChars = 10): [head: string, tail: string] {
  const chars = Array.from(text);
  if (chars.length <= tailChars * 2) return [text, ''];
  let at = chars.length - tailChars;
  // Cut at a word boundary when one is within a few characters, so the tail starts with a word.
  for (let i = at; i > at - 6 && i > 0; i--) {
    if (/\s|[-_.]/.test(chars[i - 1]!)) {
      at = i;
      break;
    }
  }
  return [chars.slice(0, at).join(''), chars.slice(at).join('')];
}

/** `text` cut to at most `max` characters by replacing its middle with an ellipsis (the end keeps slightly fewer). */
export function truncateMiddle(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  if (max <= 1) return ELLIPSIS;
  const keep = max - 1;
  const front = Math.ceil(keep / 2);
  const back = keep - front;
  return chars.slice(0, front).join('') + ELLIPSIS + (back ? chars.slice(-back).join('') : '');
}

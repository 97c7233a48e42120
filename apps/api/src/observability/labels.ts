// Label values of the API's metrics. Each series is kept per distinct label set, so every value
// comes from a small closed set: route patterns (never addresses), status classes, and names the
// operator configures; anything else becomes 'other'.

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export const methodLabel = (method: string) => (METHODS.has(method) ? method : 'other');

export const statusClass = (status: number) => (status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : 'other');

/**
 * The route a request matched, as its pattern (`/build/v1/sprouts/:id/messages`); requests an app's
 * host answered (`app:preview`, `app:site`) and ones no route matched (`unmatched`) are one value each.
 */
export function routeLabel(o: { pattern: string | undefined; is404: boolean; appHost: 'preview' | 'site' | 'unknown' | null }): string {
  if (o.appHost) return `app:${o.appHost}`;
  if (o.is404 || !o.pattern) return 'unmatched';
  return o.pattern;
}

/**
 * A label whose values are names from outside this file (model labels, failure codes): only
 * well-formed ones, and at most `max` distinct ones per process; later newcomers count as 'other'.
 */
export class BoundedLabel {
  private readonly seen = new Set<string>();

  constructor(
    private readonly max: number,
    private readonly shape = /^[\w.:/@ -]{1,80}$/,
  ) {}

  of(value: string | null | undefined): string {
    if (!value || !this.shape.test(value)) return 'other';
    if (this.seen.has(value)) return value;
    if (this.seen.size >= this.max) return 'other';
    this.seen.add(value);
    return value;
  }
}

/** Every value a Cookie header carries under one name, in the order sent. */
export function cookieValues(header: string | undefined, name: string): string[] {
  if (!header) return [];
  const out: string[] = [];
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) out.push(part.slice(eq + 1).trim());
  }
  return out;
}

/** The value of one cookie from a Cookie header (the first of that name), or undefined. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  return cookieValues(header, name)[0];
}

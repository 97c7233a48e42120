// Quota windows are the UTC calendar day and month, so every server and every user agree on when
// they reset, whatever the local time zone.

function parts(now: Date): { y: number; m: number; d: number } {
  if (!(now instanceof Date) || Number.isNaN(now.getTime())) throw new RangeError('Invalid date');
  return { y: now.getUTCFullYear(), m: now.getUTCMonth(), d: now.getUTCDate() };
}

export function dayStart(now: Date): Date {
  const { y, m, d } = parts(now);
  return new Date(Date.UTC(y, m, d));
}

export function nextDayStart(now: Date): Date {
  const { y, m, d } = parts(now);
  return new Date(Date.UTC(y, m, d + 1));
}

export function monthStart(now: Date): Date {
  const { y, m } = parts(now);
  return new Date(Date.UTC(y, m, 1));
}

export function nextMonthStart(now: Date): Date {
  const { y, m } = parts(now);
  return new Date(Date.UTC(y, m + 1, 1));
}

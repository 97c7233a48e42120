// How the Analytics panel writes its numbers: the same way everywhere, in words a person reads aloud.

/** 1234 → "1,234". */
export const figure = (n: number): string => n.toLocaleString('en-US');

/** 1 → "1 visitor", 3 → "3 visitors". */
export const counted = (n: number, one: string, many: string): string => `${figure(n)} ${n === 1 ? one : many}`;

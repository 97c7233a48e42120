/**
 * Where a key moves the focus in a horizontal tab list (WAI-ARIA tabs): Left and Right to the
 * previous and next tab, wrapping around; Home and End to the first and last. Null: not ours.
 */
export function tabKeyTarget(key: string, index: number, count: number): number | null {
  if (count <= 0) return null;
  switch (key) {
    case 'ArrowRight':
      return (index + 1) % count;
    case 'ArrowLeft':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

// Values a check types into a form field: valid for the field's type and validation
// (lib/fields.ts of the generated apps), and recognisable as the check's own.

/** A sample for a field of this type and name, or null for fields a check cannot fill (a select keeps its first option). */
export function sampleFor(f: { name: string; type: string }): string | null {
  switch (f.type) {
    case 'email':
      return 'check@example.com';
    case 'tel':
      return '+1 555 010 0199';
    case 'number':
      return '2';
    case 'date':
      return '2026-06-15';
    case 'time':
      return '10:30';
    case 'url':
      return 'https://example.com';
    case 'textarea':
      return 'Written by a check';
    case 'select':
    case 'checkbox':
      return null;
    default:
      return f.name === 'name' ? 'Alex Check' : `Check ${f.name}`;
  }
}

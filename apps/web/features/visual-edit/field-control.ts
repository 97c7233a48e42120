/** The edit panel's small inputs and selects (one height, so a row of them lines up). */
export const FIELD_CONTROL =
  'h-8 w-full min-w-0 rounded-md border bg-background px-2 text-sm outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive';

import type { FieldSpec } from '../../understand/fields';

/** A generated app's field (lib/fields.ts), with select options and number formats. */
export type RecordField = Omit<FieldSpec, 'type'> & {
  type: FieldSpec['type'] | 'select';
  options?: string[];
  format?: 'currency' | 'percent';
};

interface Where {
  field: string;
  in?: string[];
  notIn?: string[];
}

interface StatDef {
  label: string;
  kind: 'count' | 'sum' | 'avg' | 'weighted' | 'distinct' | 'overdue';
  field?: string;
  by?: string;
  where?: Where;
  format?: 'currency' | 'percent' | 'number';
  hint?: string;
}

interface GroupDef {
  label: string;
  by: string;
  kind: 'count' | 'sum' | 'avg';
  field?: string;
  format?: 'currency' | 'percent' | 'number';
  unit?: string;
}

/** Everything a records app (B2B dashboard or internal tool) is made of for one subject. */
export interface RecordsPack {
  test: RegExp;
  name: string;
  entity: { singular: string; plural: string };
  fields: RecordField[];
  display: { columns: string[]; title: string; status: string };
  stats: StatDef[];
  group: GroupDef;
  /** Values by field name; numbers in date fields mean "days from today". */
  seed: Record<string, string | number>[];
  /** What the prompt asks that this app shows differently. */
  unsupported?: string[];
}

/** Seed rows from compact tuples in field order (keeps the packs readable). */
export function rows(fields: string[], data: (string | number)[][]): Record<string, string | number>[] {
  return data.map((d) => Object.fromEntries(fields.map((f, i) => [f, d[i] ?? ''])));
}

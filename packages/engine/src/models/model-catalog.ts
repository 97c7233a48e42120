import { ModelConfigError, parseModelSpec, type ModelSpec } from './providers';

/**
 * The models an operator offers: SPROUT_MODEL (the default) and SPROUT_MODELS. A run names its
 * model by `label`, which is what people see (never a base URL); an override must name one of
 * these, so nobody can point Sprout's keys at an address of their choosing.
 */
export interface CatalogModel {
  label: string;
  spec: string;
}

export interface ModelCatalog {
  default: CatalogModel;
  models: readonly CatalogModel[];
}

/** What a model is called when the operator gave no label: its spec without any address. */
export function defaultModelLabel(spec: ModelSpec): string {
  if (spec.provider === 'offline') return 'offline';
  return `${spec.provider}:${spec.model}`;
}

const LABEL = /^[\p{L}\p{N} ._:/()+@-]{1,60}$/u;

/**
 * Reads SPROUT_MODELS: entries `Label=spec` separated by `;` (a spec alone takes its default
 * label). The default model is always offered, and so is the offline builder (it sends nothing
 * anywhere). Throws ModelConfigError naming the entry that is wrong.
 */
export function parseModelCatalog(defaultSpec: string, list: string | undefined): ModelCatalog {
  const entries = (list ?? '')
    .split(';')
    .map((e) => e.trim())
    .filter(Boolean)
    .map((entry) => {
      const eq = entry.indexOf('=');
      const named = eq > 0 && !entry.slice(0, eq).includes(':');
      const spec = (named ? entry.slice(eq + 1) : entry).trim();
      const label = named ? entry.slice(0, eq).trim() : defaultModelLabel(parseModelSpec(spec));
      parseModelSpec(spec);
      if (!LABEL.test(label)) throw new ModelConfigError(`"${label}" is not a usable model label (letters, digits, spaces and ._:/()+@- up to 60).`);
      return { label, spec };
    });
  const parsedDefault = parseModelSpec(defaultSpec);
  const listedDefault = entries.find((e) => e.spec === defaultSpec.trim());
  const def = listedDefault ?? { label: defaultModelLabel(parsedDefault), spec: defaultSpec.trim() };
  const models = [def, ...entries.filter((e) => e !== listedDefault)];
  if (!models.some((m) => parseModelSpec(m.spec).provider === 'offline')) models.push({ label: 'offline', spec: 'offline' });
  const labels = new Set<string>();
  for (const m of models) {
    if (labels.has(m.label)) throw new ModelConfigError(`Two models are labelled "${m.label}": give each its own label (Label=spec).`);
    labels.add(m.label);
  }
  return { default: def, models };
}

/** The offered model a name (a label, or a configured spec) stands for; null when it is not offered. */
export function findCatalogModel(catalog: ModelCatalog, name: string): CatalogModel | null {
  const n = name.trim();
  return catalog.models.find((m) => m.label === n) ?? catalog.models.find((m) => m.spec === n) ?? null;
}

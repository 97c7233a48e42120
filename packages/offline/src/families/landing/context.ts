import type { PaletteName } from '../../theme/palettes';
import type { FieldSpec } from '../../understand/fields';
import type { LandingVariant } from '../../understand/variants';

/** What the landing page's copy is written from. */
export interface LandingCtx {
  name: string;
  /** "personal fitness coach", "neighbourhood coffee shop", "productivity app launch". */
  subject: string;
  variant: LandingVariant;
  /** The main call to action ("Book a free intro call"). */
  cta: string;
  /** The template prompt's "that …" part, when there is one. */
  purpose: string | null;
  /** How many features the prompt asked for ("three core features"), default 6. */
  featureCount: number;
}

/** Section content as plain data: each section file gets its object literal. */
export type Content = Record<string, unknown>;

/** Copy for one subject people often ask for: what it replaces of the generic content. */
export interface Pack {
  variant: LandingVariant;
  test: RegExp;
  name: string;
  palette: PaletteName;
  cta?: string;
  ctaShort?: string;
  booking?: Partial<{ title: string; description: string; submit: string; successTitle: string; successText: string; note: string }>;
  fields?: FieldSpec[];
  sections: Partial<Record<string, Content>>;
}

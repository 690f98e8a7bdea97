// Shapes of the hand-written demo content (news, sliders, content pages) and the motifs the demo
// pictures are drawn with (samples/demo/pictures.csv names them for the product pictures).
import type { Block } from '../../../src/lib/contract/page-blocks';

export type Locale = 'it' | 'en' | 'es';
/** A text in every shop language. Italian is the default and the fallback. */
export type L10n = Record<Locale, string>;

export const IMAGE_MOTIFS = [
  'bottle', 'demijohn', 'cork', 'barrel', 'grape', 'yeast', 'thermometer', 'filter', 'press',
  'hop', 'grain', 'kettle', 'fermenter', 'glass', 'seed', 'leaf', 'pot', 'watering-can',
  'shovel', 'hose', 'fertilizer', 'flower', 'tool', 'brush', 'bag',
] as const;
export type ImageMotif = (typeof IMAGE_MOTIFS)[number];

export interface SeedNewsPost {
  slug: string;
  /** ISO date (YYYY-MM-DD) in 2026. */
  date: string;
  title: L10n;
  excerpt: L10n;
  /** Several paragraphs separated by "\n\n". */
  body: L10n;
  motif: ImageMotif;
}

export interface SeedSlide {
  title: L10n;
  subtitle: L10n;
  /** Button label and target path (a shop route such as "/c/enologia" or "/p"). */
  cta: L10n;
  href: string;
  motif: ImageMotif;
  /** Background colour hex. */
  color: string;
}

export interface SeedContentPage {
  /** Route slug, served at "/<slug>". */
  slug: string;
  title: L10n;
  /** Meta description. */
  description: L10n;
  /** Page-builder blocks per locale (same structure in each language). */
  blocks: Record<Locale, Block[]>;
}

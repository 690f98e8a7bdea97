import { describe, expect, it } from 'vitest';
import type { Block } from '../../lib/contract/page-blocks';
import { outlineBlocks } from './heading-outline';

const hero: Block = { type: 'hero', title: 'Hero' };
const h2: Block = { type: 'heading', level: 2, text: 'Two' };
const h3: Block = { type: 'heading', level: 3, text: 'Three' };
const features: Block = { type: 'features', items: [{ title: 'A', text: 'a' }] };
const products: Block = { type: 'products', title: 'P', category: 'enologia' };
const paragraph: Block = { type: 'paragraph', text: 'p' };

describe('outlineBlocks', () => {
  it('puts the page title in a first hero, whose own title is then no heading', () => {
    expect(outlineBlocks([hero, h2, paragraph, features], true)).toEqual({ titleInHero: true, levels: [0, 2, 0, 3] });
  });

  it('keeps the page title apart when the page does not start with a hero; a later hero is an h2', () => {
    expect(outlineBlocks([paragraph, hero, h3], true)).toEqual({ titleInHero: false, levels: [0, 2, 3] });
  });

  it('never skips a level: an h3 right under the h1 becomes an h2, features under the h1 are h2', () => {
    expect(outlineBlocks([hero, h3, features], true).levels).toEqual([0, 2, 3]);
    expect(outlineBlocks([hero, features, h2], true).levels).toEqual([0, 2, 2]);
  });

  it('makes a first hero the h1 when there is no page title (editor preview of a canvas)', () => {
    expect(outlineBlocks([hero, features, hero], false)).toEqual({ titleInHero: false, levels: [1, 2, 2] });
  });

  it('gives product strips an h2 (cards h3), and skips blocks that render nothing', () => {
    expect(outlineBlocks([hero, products, h3], true).levels).toEqual([0, 2, 3]);
    expect(outlineBlocks([hero, products, features], true, (i) => i !== 1).levels).toEqual([0, 0, 2]);
  });
});

import { describe, expect, it } from 'vitest';
import { MOTIF_SHAPES } from './motifs';
import { pictureSvg } from './demo-images';

describe('demo pictures', () => {
  // One file serves every locale, so a picture carries no lettering in any language.
  it('have no lettering, in any motif and variant', () => {
    for (const motif of Object.keys(MOTIF_SHAPES) as (keyof typeof MOTIF_SHAPES)[]) {
      for (const variant of [1, 2, 3] as const) {
        const svg = pictureSvg({ motif, color: '#7B2D26', variant, width: 400, height: 400 });
        expect(svg).toContain('<svg');
        expect(svg).not.toMatch(/<text|<tspan|font-family/);
      }
    }
  });
});

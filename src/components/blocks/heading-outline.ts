// Heading levels for a list of blocks, so a page has exactly one h1 and never skips a level
// (h1 → h3), whatever levels the editor picked.
import type { Block } from '../../lib/contract/page-blocks';

export interface BlockOutline {
  /** The page title is the h1 inside the first block (a hero), not a heading of its own. */
  titleInHero: boolean;
  /**
   * Per block: the level of its heading (hero title, heading, products title, feature titles);
   * 0 when the block's title is not a heading (a hero under a page-title h1).
   */
  levels: number[];
}

const clamp = (level: number, min: number, max: number) => Math.min(Math.max(level, min), max);

/**
 * `hasTitle`: the page title is shown (as the h1). `rendersHeading(i)`: false for a block that
 * renders nothing this time (a products block without products), so it does not count.
 */
export function outlineBlocks(blocks: readonly Block[], hasTitle: boolean, rendersHeading: (index: number) => boolean = () => true): BlockOutline {
  const titleInHero = hasTitle && blocks[0]?.type === 'hero';
  let last = hasTitle ? 1 : 0;
  const levels = blocks.map((block, index) => {
    if (!rendersHeading(index)) return 0;
    switch (block.type) {
      case 'hero': {
        if (index === 0 && titleInHero) return 0;
        const level = index === 0 ? 1 : clamp(last + 1, 1, 2);
        last = level;
        return level;
      }
      case 'heading': {
        const level = clamp(Math.min(block.level, last + 1), 2, 6);
        last = level;
        return level;
      }
      case 'products':
        // Its cards are one level below: h2 title, h3 product names.
        last = 2;
        return 2;
      case 'features':
        // Sections of whatever heading precedes them; they do not change the outline after them.
        return clamp(last + 1, 2, 4);
      default:
        return 0;
    }
  });
  return { titleInHero, levels };
}

import { describe, expect, it } from 'vitest';
import { stepIndex, SWIPE_DISTANCE, swipeStep } from './gallery';

describe('gallery steps', () => {
  it('wraps round both ways', () => {
    expect(stepIndex(2, 1, 3)).toBe(0);
    expect(stepIndex(0, -1, 3)).toBe(2);
    expect(stepIndex(1, 1, 3)).toBe(2);
    expect(stepIndex(0, 1, 0)).toBe(0);
  });

  it('reads a swipe to the left as "next", to the right as "previous", and ignores short or vertical moves', () => {
    expect(swipeStep(-SWIPE_DISTANCE - 1, 5)).toBe(1);
    expect(swipeStep(SWIPE_DISTANCE + 1, -5)).toBe(-1);
    expect(swipeStep(-SWIPE_DISTANCE + 1, 0)).toBe(0);
    expect(swipeStep(-60, 120)).toBe(0);
  });
});

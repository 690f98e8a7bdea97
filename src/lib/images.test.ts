import { describe, expect, it } from 'vitest';
import { srcsetFor } from './images';

describe('srcsetFor', () => {
  it('lists sized copies up to the picture width, only for shop media', () => {
    expect(srcsetFor('/media/products/a_1.webp', 800)).toBe(
      '/media/products/a_1.webp?w=160 160w, /media/products/a_1.webp?w=320 320w, /media/products/a_1.webp?w=480 480w, /media/products/a_1.webp?w=640 640w, /media/products/a_1.webp?w=800 800w',
    );
    expect(srcsetFor('https://cdn.example/a.png', 800)).toBeUndefined();
  });
});

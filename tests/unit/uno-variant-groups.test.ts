// The variant-group transformer of uno.config.ts: the same expansion as UnoCSS's own, with an
// inline source map at the end of the code left out of it (uno.variant-groups.ts says why).
import MagicString from 'magic-string';
import { transformerVariantGroup, type SourceCodeTransformer } from 'unocss';
import { describe, expect, it } from 'vitest';
import { codeEnd, transformerVariantGroupOutsideMaps } from '../../uno.variant-groups';

const HEADER = '<a class="block px-3 hover:(bg-canvas text-primary-strong) sm:(gap-2 text-2xl) focus-ring">x</a>\n<ul class="max-lg:(flex-col py-2)"></ul>';
// What the build handed over for Header.astro: the compiled code, then its map as one base64 line.
const MAP = `\n//# sourceMappingURL=data:application/json;charset=utf-8;base64,${'eyJ2ZXJzaW9uIjozLCJuYW1lcyI6W10'.repeat(40)}\n`;

async function run(transformer: SourceCodeTransformer, code: string): Promise<string> {
  const s = new MagicString(code);
  await transformer.transform(s, 'src/components/Header.astro', {} as never);
  return s.toString();
}

describe('codeEnd', () => {
  it('is where an inline source map at the end begins, or the length when there is none', () => {
    expect(codeEnd(HEADER + MAP)).toBe(HEADER.length);
    expect(codeEnd(HEADER)).toBe(HEADER.length);
    // A map in the middle of the code (not at its end) is code like any other.
    expect(codeEnd(MAP + HEADER)).toBe(MAP.length + HEADER.length);
  });
});

describe('transformerVariantGroupOutsideMaps', () => {
  it('expands the groups as UnoCSS does', async () => {
    const ours = await run(transformerVariantGroupOutsideMaps(), HEADER);
    expect(ours).toBe(await run(transformerVariantGroup(), HEADER));
    expect(ours).toContain('hover:bg-canvas hover:text-primary-strong sm:gap-2 sm:text-2xl');
    expect(ours).toContain('max-lg:flex-col max-lg:py-2');
  });

  it('expands the groups before an inline source map and leaves the map as it is', async () => {
    const ours = await run(transformerVariantGroupOutsideMaps(), HEADER + MAP);
    expect(ours).toBe((await run(transformerVariantGroup(), HEADER)) + MAP);
  });

  it('keeps nested groups and the ~ shorthand as UnoCSS does', async () => {
    const code = '<p class="lg:(p-2 hover:(text-ink underline)) group-hover:(~ opacity-50)"></p>';
    expect(await run(transformerVariantGroupOutsideMaps(), code + MAP)).toBe((await run(transformerVariantGroup(), code)) + MAP);
  });
});

// The variant-group transformer of uno.config.ts: the same expansion as UnoCSS's own, with an
// inline source map at the end of the code left out of it (uno.variant-groups.ts says why).
import MagicString from 'magic-string';
import { transformerVariantGroup, type SourceCodeTransformer } from 'unocss';
import { describe, expect, it } from 'vitest';
import { blankInlineMaps, transformerVariantGroupOutsideMaps } from '../../uno.variant-groups';

const HEADER = '<a class="block px-3 hover:(bg-canvas text-primary-strong) sm:(gap-2 text-2xl) focus-ring">x</a>\n<ul class="max-lg:(flex-col py-2)"></ul>';
// What the build handed over for Header.astro: the compiled code, its map as one base64 line, then
// the lines Astro adds after it.
const MAP = `\n//# sourceMappingURL=data:application/json;charset=utf-8;base64,${'eyJ2ZXJzaW9uIjozLCJuYW1lcyI6W10'.repeat(40)}\n`;
const AFTER = 'const $$file = "/work/main/src/components/Header.astro";\n';

async function run(transformer: SourceCodeTransformer, code: string): Promise<string> {
  const s = new MagicString(code);
  await transformer.transform(s, 'src/components/Header.astro', {} as never);
  return s.toString();
}

describe('blankInlineMaps', () => {
  it('blanks each inline source map line and keeps every other character where it was', () => {
    const code = HEADER + MAP + AFTER;
    const blanked = blankInlineMaps(code);
    expect(blanked).toHaveLength(code.length);
    expect(blanked).not.toContain('sourceMappingURL');
    expect(blanked.slice(0, HEADER.length + 1)).toBe(HEADER + '\n');
    expect(blanked.endsWith('\n' + AFTER)).toBe(true);
    expect(blankInlineMaps(HEADER)).toBe(HEADER);
  });
});

describe('transformerVariantGroupOutsideMaps', () => {
  it('expands the groups as UnoCSS does', async () => {
    const ours = await run(transformerVariantGroupOutsideMaps(), HEADER);
    expect(ours).toBe(await run(transformerVariantGroup(), HEADER));
    expect(ours).toContain('hover:bg-canvas hover:text-primary-strong sm:gap-2 sm:text-2xl');
    expect(ours).toContain('max-lg:flex-col max-lg:py-2');
  });

  it('expands the groups around an inline source map and leaves the map as it is', async () => {
    const ours = await run(transformerVariantGroupOutsideMaps(), HEADER + MAP + HEADER);
    const expanded = await run(transformerVariantGroup(), HEADER);
    expect(ours).toBe(expanded + MAP + expanded);
  });

  it('leaves a map that quotes the source alone, where UnoCSS would rewrite it', async () => {
    // A map written as plain JSON quotes the source's class names, groups included.
    const quoting = `\n//# sourceMappingURL=data:application/json,{"sourcesContent":["<a class=\\"hover:(bg-canvas text-ink)\\">"]}\n`;
    const expanded = await run(transformerVariantGroup(), HEADER);
    expect(await run(transformerVariantGroupOutsideMaps(), HEADER + quoting + AFTER)).toBe(expanded + quoting + AFTER);
    expect(await run(transformerVariantGroup(), HEADER + quoting + AFTER)).not.toContain(quoting);
  });

  it('keeps nested groups and the ~ shorthand as UnoCSS does', async () => {
    const code = '<p class="lg:(p-2 hover:(text-ink underline)) group-hover:(~ opacity-50)"></p>';
    expect(await run(transformerVariantGroupOutsideMaps(), code + MAP + AFTER)).toBe((await run(transformerVariantGroup(), code)) + MAP + AFTER);
  });
});

// UnoCSS's variant groups (`hover:(bg-canvas text-ink)`) expanded in the sources, as
// transformerVariantGroup does, but never inside an inline source map.
//
// Why: the build hands the transformer Header.astro (and BaseLayout, HomeSlider...) compiled, each
// with its source map inlined as one long base64 line (24 KB for the header), Astro's own code
// after it. The group pattern tries a prefix at every word character of that line and runs to
// its end each time: quadratic. One sitting, demo shop on PGlite, identical files out: a build
// took 32.7 s and 44 CPU-s with UnoCSS's transformer, 20.5 s and 28 CPU-s with this one (every
// `npm run build`, a first start, and four builds in each test run). A map holds no class names
// to expand; one written as plain JSON quotes the source, and rewriting its groups would only
// make it wrong.
import { parseVariantGroup, transformerVariantGroup, type SourceCodeTransformer } from 'unocss';

const SEPARATORS: (':' | '-')[] = [':', '-'];
const INLINE_SOURCE_MAP = /^\/\/# sourceMappingURL=data:[^\n]*/gm;

/** The code with each inline source map line blanked out, so that every other offset stays where it was. */
export function blankInlineMaps(code: string): string {
  return code.replace(INLINE_SOURCE_MAP, (map) => ' '.repeat(map.length));
}

export function transformerVariantGroupOutsideMaps(): SourceCodeTransformer {
  const upstream = transformerVariantGroup({ separators: SEPARATORS });
  return {
    ...upstream,
    name: 'vinoshop:variant-group-outside-source-maps',
    transform(s, id, context) {
      const code = s.toString();
      const blanked = blankInlineMaps(code);
      if (blanked === code) return upstream.transform(s, id, context);
      // As upstream with a MagicString: the groups found in the text, overwritten at their offsets.
      const { groupsByOffset } = parseVariantGroup(blanked, SEPARATORS);
      for (const [offset, group] of [...groupsByOffset].sort(([a], [b]) => a - b)) {
        s.overwrite(offset, offset + group.length, group.items.map((item) => item.className).join(' '));
      }
      return { highlightAnnotations: [...groupsByOffset.values()].flatMap((group) => group.items) };
    },
  };
}

// UnoCSS's variant groups (`hover:(bg-canvas text-ink)`) expanded in the sources, as
// transformerVariantGroup does, but never inside an inline source map.
//
// Why: the build hands the transformer Header.astro compiled, with its source map inlined as one
// 24 KB base64 line. The group pattern tries a prefix at every word character of that line and
// runs to its end each time (quadratic): 2.8 s and 2.0 s for that one file in the client and
// server builds, a fifth of a whole build's CPU on the demo shop, on every build and every
// background rebuild. A map holds no class names, so leaving it out changes nothing else.
import { parseVariantGroup, transformerVariantGroup, type SourceCodeTransformer } from 'unocss';

const SEPARATORS: (':' | '-')[] = [':', '-'];
const INLINE_SOURCE_MAP = /\n\/\/# sourceMappingURL=data:[^\n]*\n?$/;

/** Where the code ends and an inline source map at its end begins (the code's length when there is none). */
export function codeEnd(code: string): number {
  const map = INLINE_SOURCE_MAP.exec(code);
  return map ? map.index : code.length;
}

export function transformerVariantGroupOutsideMaps(): SourceCodeTransformer {
  const upstream = transformerVariantGroup({ separators: SEPARATORS });
  return {
    ...upstream,
    name: 'vinoshop:variant-group-outside-source-maps',
    transform(s, id, context) {
      const code = s.toString();
      const end = codeEnd(code);
      if (end === code.length) return upstream.transform(s, id, context);
      // As upstream with a MagicString: the groups found in the text, overwritten at their offsets.
      const { groupsByOffset } = parseVariantGroup(code.slice(0, end), SEPARATORS);
      for (const [offset, group] of [...groupsByOffset].sort(([a], [b]) => a - b)) {
        s.overwrite(offset, offset + group.length, group.items.map((item) => item.className).join(' '));
      }
      return { highlightAnnotations: [...groupsByOffset.values()].flatMap((group) => group.items) };
    },
  };
}

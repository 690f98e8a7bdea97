// Translated texts mark links as <tag>…</tag>; the islands render the inside as a link.
import type { ReactNode } from 'react';

/** Splits "a <tag>b</tag> c" into the text around the tag and the text inside it. */
export function tagged(text: string, tag: string, render: (inner: string) => ReactNode): ReactNode[] {
  const match = new RegExp(`<${tag}>(.*?)</${tag}>`).exec(text);
  if (!match) return [text];
  return [text.slice(0, match.index), render(match[1] ?? ''), text.slice(match.index + match[0].length)];
}

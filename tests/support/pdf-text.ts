// Reads the text of the PDFs the shop renders with pdfkit, for tests.
import { inflateSync } from 'node:zlib';

/** The text shown by a pdfkit PDF: each text operation's hex strings, one per line. */
export function pdfText(bytes: Buffer): string {
  const latin = bytes.toString('latin1');
  const lines: string[] = [];
  for (const m of latin.matchAll(/stream\r?\n/g)) {
    const start = m.index + m[0].length;
    let content: string;
    try {
      content = inflateSync(bytes.subarray(start, latin.indexOf('endstream', start))).toString('latin1');
    } catch {
      continue;
    }
    for (const op of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      lines.push([...op[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1]!, 'hex').toString('latin1')).join(''));
    }
  }
  return lines.join('\n');
}

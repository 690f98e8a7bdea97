// What a page's Content-Security-Policy must allow for scripts that Astro does not build itself:
// the owner's extra snippets from the settings (analytics, chat widgets), an inline script of a
// component, and the bot check. Astro hashes only the scripts it bundles (ADR 0013).
import { createHash } from 'node:crypto';

export type ScriptHash = `sha256-${string}`;

export interface ScriptAllowances {
  /** 'sha256-…' of each inline script, as CSP hash sources (without quotes). */
  hashes: ScriptHash[];
  /** Origins of external scripts ("https://cdn.example.com"). */
  sources: string[];
}

/** Google reCAPTCHA loads its script from google.com and the rest from gstatic.com. */
export const RECAPTCHA_SCRIPT_SOURCES = ['https://www.google.com', 'https://www.gstatic.com'];

/** The CSP hash of an inline script's text, exactly as it stands between its tags. */
export const scriptHash = (text: string): ScriptHash => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const ATTRIBUTE = (name: string) => new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i');
/** Types a browser runs; others (application/json, ld+json, text/template) are data. */
const RUNNABLE_TYPE = /^(|module|text\/javascript|application\/javascript|text\/ecmascript|application\/ecmascript)$/i;

function attribute(attributes: string, name: string): string | undefined {
  const match = ATTRIBUTE(name).exec(attributes);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

/** The hashes and origins an HTML snippet's scripts need (inline ones hashed, external ones by origin). */
export function scriptAllowances(html: string): ScriptAllowances {
  const hashes = new Set<ScriptHash>();
  const sources = new Set<string>();
  for (const [, attributes = '', body = ''] of html.matchAll(SCRIPT)) {
    const type = (attribute(attributes, 'type') ?? '').trim();
    if (!RUNNABLE_TYPE.test(type)) continue;
    const src = attribute(attributes, 'src');
    if (src === undefined) {
      hashes.add(scriptHash(body));
      continue;
    }
    try {
      const url = new URL(src.trim(), 'https://shop.invalid');
      // A site-relative src is covered by 'self'; only other web origins are named.
      if (url.origin !== 'https://shop.invalid' && (url.protocol === 'https:' || url.protocol === 'http:')) sources.add(url.origin);
    } catch {
      // An address the browser cannot parse loads nothing: nothing to allow.
    }
  }
  return { hashes: [...hashes], sources: [...sources] };
}

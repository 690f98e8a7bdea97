import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { scriptAllowances, scriptHash } from './script-allowances';

const sha = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;

describe('scriptAllowances', () => {
  it('hashes inline scripts exactly as written, whitespace included', () => {
    const html = '<meta name="x" content="y"><script>window.__e2eExtraScript = true;</script>\n<script type="module">\n  go();\n</script>';
    expect(scriptAllowances(html)).toEqual({ hashes: [sha('window.__e2eExtraScript = true;'), sha('\n  go();\n')], sources: [] });
  });

  it('names the origin of external scripts, not site-relative ones', () => {
    const html = `<script async src="https://www.googletagmanager.com/gtag/js?id=G-1"></script><script src='/local.js'></script><script src=//cdn.example.com/a.js></script>`;
    expect(scriptAllowances(html)).toEqual({ hashes: [], sources: ['https://www.googletagmanager.com', 'https://cdn.example.com'] });
  });

  it('leaves data blocks and snippets without scripts alone', () => {
    expect(scriptAllowances('<script type="application/ld+json">{"a":1}</script><noscript><img src="/p.gif"></noscript>')).toEqual({ hashes: [], sources: [] });
    expect(scriptAllowances('')).toEqual({ hashes: [], sources: [] });
  });

  it('ignores sources that run nothing', () => {
    expect(scriptAllowances('<script src="javascript:alert(1)"></script>').sources).toEqual([]);
  });

  it('writes hashes the way CSP reads them', () => {
    expect(scriptHash('')).toBe('sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=');
  });
});

// A readable reference of the API, generated from the same operation list as openapi.json
// (no external scripts: the page works offline and behind any CSP).
import { documentedOperations } from './document';

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
const ACCESS: Record<string, string> = {
  public: 'public',
  optional: 'public; more with a token',
  user: 'signed in (Authorization: Token …)',
  agent: 'agents only',
};

export function referencePage(base: string): string {
  const OPERATIONS = documentedOperations();
  const tags = [...new Set(OPERATIONS.map((o) => o.tag))];
  const sections = tags
    .map((tag) => {
      const ops = OPERATIONS.filter((o) => o.tag === tag)
        .map(
          (o) => `<article id="${esc(`${o.method}-${o.path}`)}">
  <h3><span class="m m-${o.method}">${o.method.toUpperCase()}</span> <code>${esc(base)}/${esc(o.path)}</code></h3>
  <p>${esc(o.summary)}</p>
  <dl><dt>Access</dt><dd>${esc(ACCESS[o.access] ?? o.access)}</dd>
  <dt>Answers</dt><dd>${esc(o.answers)}${o.paged ? ' (paged: <code>{results, count}</code>)' : ''}</dd>
  ${o.errors ? `<dt>Errors</dt><dd><ul>${Object.entries(o.errors).map(([s, d]) => `<li><strong>${s}</strong> ${esc(d)}</li>`).join('')}</ul></dd>` : ''}</dl>
</article>`,
        )
        .join('\n');
      return `<section><h2 id="${esc(tag)}">${esc(tag)}</h2>${ops}</section>`;
    })
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Vinoshop API reference</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1f2328}header{background:#343a40;color:#fff;padding:1rem 2rem}
main{max-width:960px;margin:0 auto;padding:1rem 2rem}a{color:#b0231e}nav ul{columns:3;list-style:none;padding:0}
article{border-top:1px solid #d9d9d9;padding:.5rem 0}h3{font-size:1rem;margin:.5rem 0}code{font-size:.95em}
.m{display:inline-block;min-width:4.5em;text-align:center;color:#fff;font-size:.8rem;padding:.1rem .3rem;background:#343a40}
.m-get{background:#00660a}.m-post{background:#d73731}.m-patch{background:#8a3f00}.m-delete{background:#5a6169}dl{margin:0}dt{font-weight:600}dd{margin:0 0 .25rem 1rem}
</style></head><body><header><h1>Vinoshop client API</h1><p>Base <code>${esc(base)}</code> (also <code>/api/v2/client</code>) · machine-readable: <a style="color:#fff" href="${esc(base)}/openapi.json">openapi.json</a></p></header>
<main><p>Every call accepts <code>locale</code> (it, en, es) and <code>shop_context</code> (b2b, b2c). Lists take <code>page</code>, <code>page_size</code> and <code>order_by</code> (<code>field-direction</code>) and answer <code>{results, count}</code>. Errors answer <code>{detail, error_list, code}</code>, where <code>code</code> is the stable name of the error with 400, 401, 403, 404, 409 or 429.</p>
<nav aria-label="Groups"><ul>${tags.map((t) => `<li><a href="#${esc(t)}">${esc(t)}</a></li>`).join('')}</ul></nav>
${sections}</main></body></html>`;
}

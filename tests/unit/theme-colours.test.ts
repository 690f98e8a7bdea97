// Every colour the storefront draws comes from the theme (spec section 9, issue 13 item 14): no
// colour utility outside THEME_COLORS (`text-red-600`, `bg-white`, `bg-[#FDE8E8]`), no raw
// colour in the markup or code under src/, primary buttons filled with the spec's primary, and
// the darker red for text only. The utilities are judged by UnoCSS itself, with the shop's
// config: a utility that draws a colour must give the same CSS when the theme holds nothing but
// THEME_COLORS, so a palette colour, a preset colour or an arbitrary value cannot pass.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createGenerator, expandVariantGroup, type UnoGenerator } from 'unocss';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../../server/config';
import { THEME_COLORS } from '../../src/lib/theme/theme-colours';
import unoConfig from '../../uno.config';

const SOURCE_EXTENSIONS = /\.(astro|tsx?|mjs|css|html)$/;
const isTest = (file: string) => /\.test\.tsx?$/.test(file);
/** The one file under src/ that holds colour values. */
const THEME_FILE = 'src/lib/theme/theme-colours.ts';

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT_DIR, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(rel);
    return SOURCE_EXTENSIONS.test(entry.name) && !isTest(rel) ? [rel] : [];
  });
}

const FILES = sourceFiles('src').filter((f) => f !== THEME_FILE);
const read = (file: string) => readFileSync(path.join(ROOT_DIR, file), 'utf8');

/** A colour written out in CSS: hex, a colour function, or a colour keyword of the palette. */
const COLOUR_VALUE = /#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\(/i;
/** A raw colour in source text. `&#38;` (an entity) and `#anchor` names are not colours. */
const RAW_COLOUR = /(?<![&\w])#(?:[0-9a-f]{8}|[0-9a-f]{6}|[0-9a-f]{3,4})(?![\w-])|\b(?:rgba?|hsla?)\(\s*\d/gi;

/** The theme as UnoCSS sees it for the shop, and the same with only the shop's colours in it. */
let shop: UnoGenerator;
let themeOnly: UnoGenerator;

beforeAll(async () => {
  shop = await createGenerator(unoConfig);
  themeOnly = await createGenerator({
    ...unoConfig,
    extendTheme: (theme) => ({ ...theme, colors: { ...THEME_COLORS, transparent: 'transparent', current: 'currentColor', inherit: 'inherit' } }),
  });
});

const cssOf = async (generator: UnoGenerator, token: string) =>
  JSON.stringify(((await generator.parseToken(token)) ?? []).map(([, selector, body, parent]) => [selector, body, parent]));

const SHORTCUTS = new Set(Object.keys(unoConfig.shortcuts as Record<string, string>));
/**
 * The candidate utilities of a source file, as UnoCSS's extractors see it (variant groups
 * expanded). Every colour utility has a dash (`text-ink`, `bg-[#fff]`); plain words are left
 * out unless they are shortcuts (`link`), which keeps the run short.
 */
const tokensOf = async (code: string) => [...(await shop.applyExtractors(expandVariantGroup(code)))].filter((t) => t.includes('-') || SHORTCUTS.has(t));

/** Verdict per token, shared by the files (most tokens recur). */
const offTheme = new Map<string, boolean>();

/** The utilities of a source file that draw a colour from outside the theme. */
async function offThemeUtilities(code: string): Promise<string[]> {
  const off: string[] = [];
  for (const token of await tokensOf(code)) {
    if (!offTheme.has(token)) {
      const css = await cssOf(shop, token);
      // An arbitrary value (`bg-[#B0231E]`) draws the same with any theme: refused as such.
      offTheme.set(token, COLOUR_VALUE.test(css) && (/\[[^\]]*(#|rgb|hsl)/i.test(token) || css !== (await cssOf(themeOnly, token))));
    }
    if (offTheme.get(token)) off.push(token);
  }
  return off;
}

/** Utilities whose value is a colour name: `text-…`, `bg-…`, `border-t-…`, `ring-…` and the like. */
const COLOUR_UTILITY = /^(?:[\w-]+:)*!?(?:text|bg|border(?:-[trblxyse])?|fill|stroke|outline|ring|ring-offset|accent|caret|decoration|divide|placeholder|from|via|to|shadow)-([a-z][a-z0-9]*(?:-[a-z0-9]+)*)(?:\/\d+)?$/;
const THEME_NAMES = Object.keys(THEME_COLORS);

/**
 * Colour utilities that name a theme colour's family but no colour of the theme
 * (`text-primary-dark` once `primary-dark` left it): UnoCSS draws nothing for them, so the page
 * silently loses its colour and the guard above, which judges the CSS drawn, never sees them.
 */
async function unknownColourUtilities(code: string): Promise<string[]> {
  const off: string[] = [];
  for (const token of await tokensOf(code)) {
    const name = COLOUR_UTILITY.exec(token)?.[1];
    if (!name || THEME_NAMES.includes(name) || !THEME_NAMES.some((theme) => name.startsWith(`${theme.split('-')[0]}-`) || name === theme.split('-')[0])) continue;
    if ((await cssOf(shop, token)) === '[]') off.push(token);
  }
  return off;
}

describe('theme colours', () => {
  it('the spec colours of section 9 are the theme’s, and the config uses them', () => {
    expect(THEME_COLORS).toMatchObject({ primary: '#D73731', secondary: '#343A40', success: '#00950F', warning: '#F97904', error: '#D40000' });
    expect(unoConfig.theme?.colors).toEqual(THEME_COLORS);
  });

  it('the guard sees what it guards against (it is no test that cannot fail)', async () => {
    const sample = '<p class="text-red-600 bg-white hover:(bg-gray-100 border-[#B0231E]) accent-[#B0231E] bg-black/50 text-ink bg-primary text-xs border-2">';
    expect((await offThemeUtilities(sample)).sort()).toEqual(['accent-[#B0231E]', 'bg-black/50', 'bg-white', 'hover:bg-gray-100', 'hover:border-[#B0231E]', 'text-red-600']);
    expect('style="color:#fff" fill="#D73731" rgb(1, 2, 3) href="#main" &#38;'.match(RAW_COLOUR)).toEqual(['#fff', '#D73731', 'rgb(1']);
  });

  it('no file under src/ uses a colour utility outside the theme', async () => {
    const found: string[] = [];
    for (const file of FILES) {
      for (const token of await offThemeUtilities(read(file))) found.push(`${file}: ${token}`);
    }
    expect(found).toEqual([]);
  });

  it('no file under src/ names a colour the theme does not hold (a utility that draws nothing)', async () => {
    const sample = '<p class="text-primary-dark hover:bg-error-light border-line-strong text-primary-strong bg-error-soft text-sm border-2 ring-primary">';
    expect((await unknownColourUtilities(sample)).sort()).toEqual(['border-line-strong', 'hover:bg-error-light', 'text-primary-dark']);
    const found: string[] = [];
    for (const file of FILES) {
      for (const token of await unknownColourUtilities(read(file))) found.push(`${file}: ${token}`);
    }
    expect(found).toEqual([]);
  });

  it('the shortcuts of uno.config.ts draw only theme colours', async () => {
    expect(await offThemeUtilities([...SHORTCUTS].join(' '))).toEqual([]);
  });

  it('no file under src/ writes a raw colour (hex or rgb/hsl): it names a theme colour instead', () => {
    const found = FILES.flatMap((file) => [...read(file).matchAll(RAW_COLOUR)].map((m) => `${file}: ${m[0]}`));
    expect(found).toEqual([]);
  });

  it('primary buttons are filled with the spec’s primary, with inverse text', async () => {
    const css = await cssOf(shop, 'btn-primary');
    expect(css).toContain('background-color:rgb(215 55 49');
    expect(css).toContain('color:rgb(255 255 255');
    expect(css).not.toContain('176 35 30');
  });

  it('primary-strong (the darker red) is used for text only, never as a fill, border or accent', async () => {
    const found: string[] = [];
    for (const file of [...FILES, 'uno.config.ts']) {
      for (const token of await tokensOf(read(file))) {
        const css = await cssOf(shop, token);
        const declarations = css.split(/[;{}"]/).filter((d) => d.includes('176 35 30'));
        if (declarations.some((d) => !/^(?:color|--un-text-opacity):/.test(d.replace(/^\\?"?/, '')))) found.push(`${file}: ${token}`);
      }
    }
    expect(found).toEqual([]);
  });

  it.each(['server/api/openapi/reference-page.ts', 'public/favicon.svg'])('%s (standalone, no UnoCSS) draws only theme colour values', (file) => {
    // The API reference page is served by the API at /docs with its own small stylesheet, and the
    // favicon is a static file: neither loads the storefront's CSS, so they cannot use the
    // utilities, but every colour they write must be one of the theme's values.
    const values = new Set(Object.values(THEME_COLORS).map((v) => v.toLowerCase()));
    const expand = (hex: string) => (hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex).toLowerCase();
    const used = [...read(file).matchAll(RAW_COLOUR)].map((m) => m[0]);
    expect(used.length).toBeGreaterThan(0);
    expect(used.filter((hex) => !values.has(expand(hex)))).toEqual([]);
  });
});

// Which pages a batch of changes touches: the changed page itself (and its payload) in every
// locale, and the pages that list it: a product's categories and their ancestors, the product
// list and the home page; a post's news list and the home page. Pages are paths without locale
// ("p/tappo", "c/enologia", "home"); a path that no longer renders is deleted.
import { sql } from 'drizzle-orm';
import { LOCALE_TABLE } from '../../src/lib/contract/locales';
import type { Db } from '../db/client';
import { queryRows } from '../db/raw';
import type { PageChange } from './page-changes';
import { rememberId } from './page-tags';

export interface PageTarget {
  /** Path without locale, e.g. "p/tappo". */
  page: string;
  /** Has a payload.json beside it. */
  payload: boolean;
}

const SLUG = /^[a-z0-9-]{1,160}$/;

const CONTACT_PAGES: PageTarget[] = ['contatti', 'contacts', 'contactos'].map((page) => ({ page, payload: false }));
// The sign-in pages carry the bot-check key too: sign-in asks for it after many failures.
const BOT_CHECK_PAGES: PageTarget[] = [...CONTACT_PAGES, ...['auth/login', 'auth/password-forgotten', 'auth/reset-password'].map((page) => ({ page, payload: false }))];
const PREVIEW_PAGES: PageTarget[] = [{ page: 'pgb-editor-preview', payload: false }];

/** Pages whose files a setting is part of (robots.txt reads its setting itself). */
const SETTING_PAGES: Record<string, PageTarget[]> = {
  RECAPTCHA_ENABLED: BOT_CHECK_PAGES,
  GOOGLE_RECAPTCHA_SITE_KEY: BOT_CHECK_PAGES,
  PAGE_BUILDER_URL: PREVIEW_PAGES,
  PAGE_BUILDER_SITE_KEY: PREVIEW_PAGES,
};

/**
 * Built-in pages a content page may not replace: a page document with such a slug is never
 * rendered over them (nor, when it does not render, allowed to delete them).
 */
const BUILT_IN = new Set([
  ...Object.values(LOCALE_TABLE).flatMap((locale) => [locale.home.slice(1), locale.contact.slice(1)]),
  ...['p', 'c', 'news', 'cart', 'customers', 'account', 'auth', 'pgb-editor-preview', 'fresh'],
]);

/** Settings every page carries (in its frame): a change regenerates every page. */
export const FRAME_SETTINGS: ReadonlySet<string> = new Set(['DEFAULT_EXTRA_SCRIPT_HEAD', 'ECSYS_EXTRA_SCRIPT_HEAD', 'DEFAULT_EXTRA_SCRIPT']);

export async function pagesFor(db: Db, changes: PageChange[], options: { allPages?: () => Promise<string[]> } = {}): Promise<PageTarget[]> {
  const out = new Map<string, PageTarget>();
  const add = (page: string, payload: boolean) => {
    if (!out.has(page)) out.set(page, { page, payload });
  };
  const productIds = new Set<number>();
  const categoryIds = new Set<number>();
  for (const change of changes) {
    const slug = change.slug && SLUG.test(change.slug) ? change.slug : null;
    switch (change.kind) {
      case 'product':
        if (slug) add(`p/${slug}`, true);
        if (change.refId) productIds.add(change.refId);
        add('p', false);
        add('home', false);
        break;
      case 'category':
        if (slug) add(`c/${slug}`, true);
        if (change.refId) categoryIds.add(change.refId);
        add('p', false);
        break;
      case 'post':
        if (slug) add(`news/${slug}`, true);
        add('news', false);
        add('home', false);
        break;
      case 'page':
        if (slug && !BUILT_IN.has(slug)) add(slug, true);
        break;
      case 'home':
        add('home', false);
        break;
      case 'setting':
        for (const target of (change.slug && SETTING_PAGES[change.slug]) || []) add(target.page, target.payload);
        if (change.slug && FRAME_SETTINGS.has(change.slug) && options.allPages) {
          for (const page of await options.allPages()) add(page, false);
        }
        break;
    }
  }
  if (productIds.size) {
    const ids = [...productIds].join(',');
    const products = await queryRows<{ id: number; slug: string }>(db, sql`select id, slug from products where id = any(${`{${ids}}`}::int[])`);
    for (const p of products) {
      add(`p/${p.slug}`, true);
      rememberId('product', p.slug, p.id);
    }
    const memberships = await queryRows<{ id: number }>(db, sql`select distinct category_id as id from product_categories where product_id = any(${`{${ids}}`}::int[])`);
    for (const m of memberships) categoryIds.add(m.id);
  }
  if (categoryIds.size) {
    // A category page shows its subcategories and every product below it: its ancestors change too.
    const ids = `{${[...categoryIds].join(',')}}`;
    const rows = await queryRows<{ slug: string }>(
      db,
      sql`select distinct a.slug from categories c join categories a on c.path like a.path || '%' where c.id = any(${ids}::int[])`,
    );
    for (const c of rows) add(`c/${c.slug}`, true);
  }
  return [...out.values()];
}

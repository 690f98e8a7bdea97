// The category menu with the spec's 3-hour cache (section 9) instead of frozen at build time:
// the page keeps the menu it was built with (static, no script needed to see it), and the header
// script asks categories/menu/ once the copy kept in local storage is older than 3 hours, then
// redraws the menu when the answer differs from what the page shows.
import { call } from '../api/call';
import { createClient } from '../api/client';
import { localStore, type KeyValueStorage } from '../browser/storage';
import { cachedItem, MENU_CACHE_TTL_MS } from '../cache/timed-cache';
import type { Locale } from '../contract/common';
import type { CategoryMenuItem } from '../contract/content';

export const menuCacheKey = (locale: Locale) => `SHOP_MENU_${locale}`;

/** What a menu shows (order, links, names, colours), to tell whether the page's one is out of date. */
export const menuSignature = (items: readonly CategoryMenuItem[]): string =>
  JSON.stringify(items.map((i) => [i.slug, i.name, i.color ?? null, (i.children ?? []).map((c) => [c.slug, c.name])]));

type LoadMenu = (locale: Locale) => Promise<CategoryMenuItem[] | undefined>;
const httpLoad: LoadMenu = async (locale) => {
  const result = await call(createClient({ locale }), 'getCategoryMenu');
  return result.ok ? result.data.results : undefined;
};

/** The menu from the 3-hour cache, or from the API when the cache is old (undefined if that fails). */
export function cachedMenu(locale: Locale, options: { storage?: KeyValueStorage; load?: LoadMenu; now?: () => number } = {}) {
  const load = options.load ?? httpLoad;
  return cachedItem(menuCacheKey(locale), () => load(locale), { storage: options.storage ?? localStore, ttlMs: MENU_CACHE_TTL_MS, now: options.now }).catch(() => undefined);
}

const SLUG = /^[a-z0-9-]{1,160}$/;
const COLOR = /^#[0-9a-f]{3,8}$/i;

/**
 * Redraws the category entries of the menu from `items`, with the markup of the page's own
 * <template data-menu-template> (so the classes are the built ones). Entries whose slug is not a
 * plain slug are left out; a colour that is not a hex colour is not used.
 */
export function drawMenu(list: HTMLElement, template: HTMLTemplateElement, items: readonly CategoryMenuItem[]): void {
  for (const old of list.querySelectorAll(':scope > [data-menu-item]')) old.remove();
  const first = list.firstElementChild;
  for (const item of items) {
    if (!SLUG.test(item.slug)) continue;
    const entry = template.content.querySelector('[data-menu-item]')!.cloneNode(true) as HTMLElement;
    const link = entry.querySelector<HTMLAnchorElement>('[data-menu-link]')!;
    link.href = `/c/${item.slug}`;
    link.textContent = item.name;
    if (item.color && COLOR.test(item.color)) link.style.borderBottom = `3px solid ${item.color}`;
    const sub = entry.querySelector<HTMLElement>('[data-menu-children]')!;
    const childTemplate = sub.querySelector('li')!;
    childTemplate.remove();
    const children = (item.children ?? []).filter((c) => SLUG.test(c.slug));
    for (const child of children) {
      const li = childTemplate.cloneNode(true) as HTMLElement;
      const a = li.querySelector('a')!;
      a.href = `/c/${child.slug}`;
      a.textContent = child.name;
      sub.append(li);
    }
    if (children.length === 0) sub.remove();
    list.insertBefore(entry, first);
  }
}

/** Compares the page's menu with the cached one and redraws it when they differ. */
export async function refreshMenu(nav: HTMLElement, locale: Locale, options: Parameters<typeof cachedMenu>[1] = {}): Promise<boolean> {
  const list = nav.querySelector<HTMLElement>('[data-menu-list]');
  const template = nav.querySelector<HTMLTemplateElement>('template[data-menu-template]');
  if (!list || !template) return false;
  const items = await cachedMenu(locale, options);
  if (!items || menuSignature(items) === list.dataset.menuSignature) return false;
  drawMenu(list, template, items);
  list.dataset.menuSignature = menuSignature(items);
  return true;
}

import type { Locale } from '../contract/common';
import type { BlogPostSummary, Slider } from '../contract/content';
import type { ProductSummary } from '../contract/products';
import { HOME_PATHS } from '../i18n/locales';
import { callPageData } from './server-client';

export interface HomeData {
  slider: Slider | null;
  bestsellers: ProductSummary[];
  newArrivals: ProductSummary[];
  offers: ProductSummary[];
  news: BlogPostSummary[];
}

export const HOME_STRIP_SIZE = 8;

/** The slider of a home variant is named after its path ("home", "home-en", "home-es"). */
export async function loadHome(locale: Locale): Promise<HomeData> {
  const code = HOME_PATHS[locale].slice(1);
  const [sliders, bestsellers, newArrivals, offers, news] = await Promise.all([
    callPageData(locale, 'listSliders', { query: { code } }),
    callPageData(locale, 'listProducts', { query: { custom_field: 'shop:bestseller', page_size: HOME_STRIP_SIZE } }),
    callPageData(locale, 'listProducts', { query: { custom_field: 'shop:new', page_size: HOME_STRIP_SIZE, order_by: 'create_date-desc' } }),
    callPageData(locale, 'listProducts', { query: { on_offer: true, page_size: HOME_STRIP_SIZE, order_by: 'write_date-desc' } }),
    callPageData(locale, 'listBlogPosts', { query: { page_size: 3 } }),
  ]);
  return {
    slider: sliders.results[0] ?? null,
    bestsellers: bestsellers.results,
    newArrivals: newArrivals.results,
    offers: offers.results,
    news: news.results,
  };
}

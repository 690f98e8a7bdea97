import * as birrificazione from './catalogue-birrificazione';
import * as enologia from './catalogue-enologia';
import * as giardinaggio from './catalogue-giardinaggio';
import type { SeedCategory, SeedProduct } from './types';

export { newsPosts, sliders } from './editorial-news';
export { contentPages } from './editorial-pages';

/** Top categories first, then their children in the order they are listed. */
export const seedCategories: SeedCategory[] = [enologia, birrificazione, giardinaggio].flatMap((m) => m.categories);
export const seedProducts: SeedProduct[] = [enologia, birrificazione, giardinaggio].flatMap((m) => m.products);

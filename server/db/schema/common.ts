import { numeric, timestamp } from 'drizzle-orm/pg-core';
import type { Locale } from '../../../src/lib/contract/locales';

/** Localized text stored as JSON: `{ it, en, es }`; readers fall back to Italian. */
export type L10nJson = Partial<Record<Locale, string>> & { it: string };

/** Money in EUR with cents; read as a JS number (values stay far below 2^53 cents). */
export const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const SHOP_CONTEXTS = ['b2b', 'b2c'] as const;
export type ShopContext = (typeof SHOP_CONTEXTS)[number];
/** Where a payment method, coupon or promotion applies. */
export const CONTEXT_SCOPES = ['b2b', 'b2c', 'all'] as const;

// What a shopper may choose at checkout: payment methods of a context, shipping policies for a
// country, and the selling seasons.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Locale, ShopContext } from '../../src/lib/contract/common';
import type { PaymentMethod, Season, ShippingPolicy } from '../../src/lib/contract/shop';
import { policyOffered, shippingPrice } from '../../src/lib/rules/checkout';
import { pick } from '../catalogue/localized';
import type { Db } from '../db/client';
import { anyOf, prepared } from '../db/prepared';
import { customFieldValues, paymentMethods, seasons, shippingPolicies, shippingZones } from '../db/schema';
import { readSettings } from '../settings';

type PaymentRow = typeof paymentMethods.$inferSelect;
type PolicyRow = typeof shippingPolicies.$inferSelect;

export const toPaymentMethod = (m: PaymentRow, locale: Locale): PaymentMethod => ({
  id: m.id,
  code: m.code,
  name: pick(m.name, locale),
  description: pick(m.description, locale),
  is_contract: m.isContract,
  fee: m.fee,
  shop_context: m.shopContext,
});

/** Active methods of a context (those for "all" contexts included), in display order. */
export async function paymentMethodsFor(db: Db, context: ShopContext): Promise<PaymentRow[]> {
  // Every checkout asks it twice (its page, its order): a named statement (ADR 0035).
  return prepared(db, 'payment_methods_for', (db) =>
    db
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.isActive, true), anyOf(paymentMethods.shopContext, 'contexts')))
      .orderBy(asc(paymentMethods.position), asc(paymentMethods.id)),
  ).execute({ contexts: [context, 'all'] });
}

export async function freeShippingCodeSetting(db: Db): Promise<string | undefined> {
  return (await readSettings(db, ['FREE_SHIPPING_CODE'] as const)).FREE_SHIPPING_CODE?.trim() || undefined;
}

export interface PolicyQuery {
  country: string;
  context: ShopContext;
  /** Code the shopper typed (unlocks the FREE_SHIPPING_CODE policy). */
  typedCode?: string;
  /** The FREE_SHIPPING_CODE setting, when the caller has read it (readCartSettings); read here otherwise. */
  freeCode?: string | undefined;
}

/** Active policies of the zones holding a country, for a context, with their zone. */
export async function policiesFor(db: Db, q: PolicyQuery): Promise<{ policy: PolicyRow; zone: typeof shippingZones.$inferSelect }[]> {
  const [freeCode, rows] = await Promise.all([
    'freeCode' in q ? q.freeCode : freeShippingCodeSetting(db),
    // Every checkout asks it twice: a named statement (ADR 0035).
    prepared(db, 'shipping_policies_for', (db) =>
      db
        .select({ policy: shippingPolicies, zone: shippingZones })
        .from(shippingPolicies)
        .innerJoin(shippingZones, eq(shippingZones.id, shippingPolicies.zoneId))
        .where(
          and(
            eq(shippingPolicies.isActive, true),
            anyOf(shippingPolicies.shopContext, 'contexts'),
            sql`${sql.placeholder('country')}::text = any(${shippingZones.countries})`,
          ),
        )
        .orderBy(asc(shippingPolicies.position), asc(shippingPolicies.id)),
    ).execute({ contexts: [q.context, 'all'], country: q.country }),
  ]);
  return rows.filter((r) => policyOffered(r.policy.code, freeCode, q.typedCode));
}

export const toShippingPolicy = (
  r: { policy: PolicyRow; zone: typeof shippingZones.$inferSelect },
  locale: Locale,
  goodsAmount: number | undefined,
): ShippingPolicy => ({
  id: r.policy.id,
  code: r.policy.code,
  name: pick(r.policy.name, locale),
  description: pick(r.policy.description, locale),
  zone: { code: r.zone.code, name: pick(r.zone.name, locale) },
  base_price: r.policy.price,
  price: shippingPrice({ price: r.policy.price, freeFrom: r.policy.freeFrom }, goodsAmount),
  free_from: r.policy.freeFrom,
  delivery_days: r.policy.deliveryDays,
});

export async function shippingPoliciesFor(db: Db, q: PolicyQuery, locale: Locale, goodsAmount: number | undefined): Promise<ShippingPolicy[]> {
  return (await policiesFor(db, q)).map((r) => toShippingPolicy(r, locale, goodsAmount));
}

export async function activeSeasons(db: Db, locale: Locale): Promise<Season[]> {
  const rows = await db
    .select({ season: seasons, value: customFieldValues })
    .from(seasons)
    .leftJoin(customFieldValues, eq(customFieldValues.id, seasons.customFieldValueId))
    .where(eq(seasons.isActive, true))
    .orderBy(sql`${seasons.startsOn} asc nulls last`, asc(seasons.id));
  return rows.map(({ season, value }) => ({
    id: season.id,
    code: season.code,
    name: pick(season.name, locale),
    starts_on: season.startsOn,
    ends_on: season.endsOn,
    custom_field_value_detail: value ? { value: value.value, localized_value: pick(value.localizedValue, locale) } : null,
  }));
}

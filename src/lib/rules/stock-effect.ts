// Whether cart rows hold stock (spec section 4: settings CART_ROWS_AFFECT_STOCK and
// CART_ROWS_AFFECT_STOCK_TYPE): rows of B2B carts count when the type is b2b or all, rows of
// B2C carts when it is b2c or all.

export type StockEffectType = 'b2b' | 'b2c' | 'all';

export interface StockEffect {
  affectsStock: boolean;
  type: StockEffectType;
}

export function cartRowsHoldStock(effect: StockEffect, cartContext: 'b2b' | 'b2c'): boolean {
  return effect.affectsStock && (effect.type === 'all' || effect.type === cartContext);
}

/** The contexts whose cart rows hold stock. */
export function holdingContexts(effect: StockEffect): ('b2b' | 'b2c')[] {
  if (!effect.affectsStock) return [];
  return effect.type === 'all' ? ['b2b', 'b2c'] : [effect.type];
}

export function parseStockEffect(affects: string | undefined, type: string | undefined): StockEffect {
  return {
    affectsStock: affects === 'true' || affects === '1',
    type: type === 'b2b' || type === 'b2c' ? type : 'all',
  };
}

/** Minutes a cart row holds its units after it was added, changed or renewed (ADR 0016). */
export const DEFAULT_CART_HOLD_MINUTES = 60;

/** CART_HOLD_MINUTES: a whole number of minutes from 1 to 30 days; anything else takes the default. */
export function parseHoldMinutes(value: string | undefined): number {
  const n = value === undefined || !/^\d{1,6}$/.test(value.trim()) ? NaN : Number(value.trim());
  return Number.isInteger(n) && n >= 1 && n <= 43_200 ? n : DEFAULT_CART_HOLD_MINUTES;
}

/** When a hold taken or renewed at `now` ends. */
export const holdEnd = (now: Date, minutes: number) => new Date(now.getTime() + minutes * 60_000);

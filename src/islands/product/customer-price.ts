// The price the signed-in customer pays for a product or one of its variants: products through
// the shared price cache, variants through products/pp/price/{id}/ (they are not cached).
import { getJson } from '../../lib/api/client';
import type { ApiResult } from '../../lib/api/result';
import { customerPrice } from '../../lib/cache/price-cache';
import type { VariantPriceAnswer } from '../../lib/contract/product-detail';
import { $session, sessionClient } from '../../lib/stores/session';

/** The unit price for the customer, or null when there is no customer or the call failed. */
export async function priceForCustomer(code: string, variant: number | null): Promise<number | null> {
  if (variant === null) {
    const result = await customerPrice(code);
    return result?.ok ? result.data.price : null;
  }
  const { customer, season } = $session.get();
  if (!customer) return null;
  const result: ApiResult<VariantPriceAnswer> = await getJson<VariantPriceAnswer>(sessionClient(), `products/pp/price/${variant}/`, {
    customer: customer.id,
    ...(season ? { season } : {}),
  });
  return result.ok ? result.data.price : null;
}

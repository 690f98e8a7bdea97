// Which shop context (b2b or b2c) a call is served in (ADR 0015). The customer acted for decides:
// a business customer is served b2b, a consumer b2c, whatever the client asks. Only a call that
// acts for no customer (an anonymous visitor, an agent browsing without a customer) takes the
// context the client asked for, the spec's b2b by default.
import type { ShopContext } from '../contract/common';

export function shopContextFor(customerKind: ShopContext | null | undefined, requested: ShopContext): ShopContext {
  return customerKind ?? requested;
}

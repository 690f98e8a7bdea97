// The body of the order webhook, version 1 (docs/orders-out.md): an envelope naming the event and
// the delivery, around the order as the export writes it.
import { ERP_ORDER_VERSION, type ErpOrder } from '../orders/erp-order';

export const ORDER_PLACED_EVENT = 'order.placed';

export interface OrderPlacedBody {
  event: typeof ORDER_PLACED_EVENT;
  version: typeof ERP_ORDER_VERSION;
  /** The same as X-Shop-Delivery, under the signature: a receiver dedupes by it. */
  delivery_id: string;
  /** The shop's public address, for receivers fed by more than one shop. */
  shop: string;
  order: ErpOrder;
}

export function orderPlacedBody(order: ErpOrder, deliveryId: string, shop: string): string {
  const body: OrderPlacedBody = { event: ORDER_PLACED_EVENT, version: ERP_ORDER_VERSION, delivery_id: deliveryId, shop, order };
  return JSON.stringify(body);
}

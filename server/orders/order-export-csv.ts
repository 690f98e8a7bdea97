// The CSV form of the order export: one line per order row, the order's fields repeated on each,
// so a spreadsheet or an ERP import reads it without joining anything. Written by csv-stringify:
// RFC 4180 quoting (a field holding the separator, a quote, a line break or a control character
// is quoted, quotes doubled), CRLF between records, a header line with the column names below.
import { stringify, type Stringifier } from 'csv-stringify';
import type { Locale } from '../../src/lib/contract/locales';
import { pick } from '../catalogue/localized';
import type { CsvDelimiter } from './export-args';
import type { ErpAddress, ErpOrder, ErpOrderRow } from './erp-order';

const ADDRESS_FIELDS = ['name', 'company', 'street', 'postal_code', 'city', 'province', 'country', 'phone', 'email', 'vat_number'] as const;

/** The published column set (docs/orders-out.md): columns are only ever added at the end. */
export const ORDER_CSV_COLUMNS = [
  'order_id', 'order_number', 'order_date', 'status', 'locale', 'shop_context',
  'customer_id', 'customer_code', 'customer_kind', 'customer_business_name', 'customer_first_name', 'customer_last_name',
  'customer_vat_number', 'customer_tax_code', 'customer_email', 'customer_phone', 'customer_sdi_code', 'customer_pec',
  'placed_by_email', 'agent_email',
  ...ADDRESS_FIELDS.map((f) => `billing_${f}` as const),
  ...ADDRESS_FIELDS.map((f) => `shipping_${f}` as const),
  'shipping_method_code', 'shipping_method_name', 'payment_method_code', 'payment_method_name', 'payment_terms',
  'coupon_code', 'promotion_id', 'vat_treatment', 'currency',
  'subtotal', 'discount', 'shipping_total', 'payment_fee', 'tax_total', 'total', 'notes',
  'row_line', 'row_product_id', 'row_variant_id', 'row_code', 'row_name', 'row_qty', 'row_unit_price', 'row_vat_rate', 'row_total',
] as const;

export type OrderCsvColumn = (typeof ORDER_CSV_COLUMNS)[number];
export type OrderCsvRecord = Record<OrderCsvColumn, string | number | null>;

function addressColumns<P extends 'billing' | 'shipping'>(prefix: P, a: ErpAddress): Record<`${P}_${(typeof ADDRESS_FIELDS)[number]}`, string | null> {
  return Object.fromEntries(ADDRESS_FIELDS.map((f) => [`${prefix}_${f}`, a[f]])) as Record<`${P}_${(typeof ADDRESS_FIELDS)[number]}`, string | null>;
}

/** The CSV lines of one order: one per row (an order without rows still gets one line, its row columns empty). */
export function orderCsvRecords(order: ErpOrder, locale: Locale): OrderCsvRecord[] {
  const head = {
    order_id: order.id,
    order_number: order.number,
    order_date: order.created_at,
    status: order.status,
    locale: order.locale,
    shop_context: order.shop_context,
    customer_id: order.customer.id,
    customer_code: order.customer.code,
    customer_kind: order.customer.kind,
    customer_business_name: order.customer.business_name,
    customer_first_name: order.customer.first_name,
    customer_last_name: order.customer.last_name,
    customer_vat_number: order.customer.vat_number,
    customer_tax_code: order.customer.tax_code,
    customer_email: order.customer.email,
    customer_phone: order.customer.phone,
    customer_sdi_code: order.customer.sdi_code,
    customer_pec: order.customer.pec,
    placed_by_email: order.placed_by.user?.email ?? null,
    agent_email: order.placed_by.agent?.email ?? null,
    ...addressColumns('billing', order.billing_address),
    ...addressColumns('shipping', order.shipping_address),
    shipping_method_code: order.shipping_method.code,
    shipping_method_name: pick(order.shipping_method.name, locale),
    payment_method_code: order.payment_method.code,
    payment_method_name: pick(order.payment_method.name, locale),
    payment_terms: order.payment_method.terms ? pick(order.payment_method.terms, locale) : null,
    coupon_code: order.coupon_code,
    promotion_id: order.promotion_id,
    vat_treatment: order.vat_treatment,
    currency: order.currency,
    subtotal: order.totals.subtotal,
    discount: order.totals.discount,
    shipping_total: order.totals.shipping,
    payment_fee: order.totals.payment_fee,
    tax_total: order.totals.tax,
    total: order.totals.total,
    notes: order.notes,
  };
  const rowColumns = (r: ErpOrderRow | undefined) => ({
    row_line: r?.line ?? null,
    row_product_id: r?.product_id ?? null,
    row_variant_id: r?.variant_id ?? null,
    row_code: r?.code ?? null,
    row_name: r ? pick(r.name, locale) : null,
    row_qty: r?.qty ?? null,
    row_unit_price: r?.unit_price ?? null,
    row_vat_rate: r?.vat_rate ?? null,
    row_total: r?.total ?? null,
  });
  const rows: (ErpOrderRow | undefined)[] = order.rows.length ? order.rows : [undefined];
  return rows.map((r) => ({ ...head, ...rowColumns(r) }));
}

export interface OrderCsvOptions {
  delimiter: CsvDelimiter;
  /** A byte order mark first, so Excel reads the file as UTF-8 (accented names stay whole). */
  bom?: boolean;
  /**
   * Fields starting with = + - @ get a leading apostrophe, so a spreadsheet shows a customer's
   * "=HYPERLINK(...)" note as text instead of running it. Off by default: it changes the data an
   * ERP would import.
   */
  escapeFormulas?: boolean;
}

/** A stream taking OrderCsvRecord objects and giving CSV text, header line first. */
export function orderCsvStringifier(options: OrderCsvOptions): Stringifier {
  return stringify({
    header: true,
    columns: [...ORDER_CSV_COLUMNS],
    delimiter: options.delimiter,
    record_delimiter: 'windows',
    // Given a record_delimiter, csv-stringify stops quoting bare \n and \r unless told to.
    quote_record_delimiter: true,
    // Control characters (NUL, ESC ...) are kept as they are, inside quotes, where no reader
    // mistakes them for structure; tab is one only when it is the separator.
    quoted_match: /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/,
    bom: options.bom ?? false,
    escape_formulas: options.escapeFormulas ?? false,
  });
}

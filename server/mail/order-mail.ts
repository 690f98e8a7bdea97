// The order confirmation mail, in the shopper's language, to the customer and a copy to the shop.
// Built by the outbox worker after the order is committed: the PDF is never rendered in a request.
import { eq } from 'drizzle-orm';
import type { Locale } from '../../src/lib/contract/common';
import { formatDay, formatEuro } from '../../src/lib/i18n/format';
import { translator } from '../../src/lib/i18n/i18n';
import { SHIPPING_VAT_RATE } from '../../src/lib/rules/checkout';
import { grossOf, grossTotals } from '../../src/lib/rules/vat-display';
import { pick } from '../catalogue/localized';
import type { Db } from '../db/client';
import { customers } from '../db/schema';
import { addressLines, paymentLabel, renderOrderDocument } from '../orders/order-pdf';
import { allOrderRows, vatNote, type OrderRecord } from '../orders/order-read';
import { readSettings } from '../settings';
import type { MailMessage } from './mailer';

export interface OrderMailDeps {
  db: Db;
  shopEmail: string;
  publicSiteUrl: string;
}

export async function orderConfirmationMails(deps: OrderMailDeps, order: OrderRecord, locale: Locale): Promise<MailMessage[]> {
  const { db } = deps;
  const [[customer], rows, settings, pdf] = await Promise.all([
    db.select().from(customers).where(eq(customers.id, order.customerId)),
    allOrderRows(db, order.id),
    readSettings(db, ['ORDER_PROCESSING_DAYS'] as const),
    renderOrderDocument(db, order, 'order_confirmation', locale),
  ]);
  if (!customer) return [];
  const t = translator(locale);
  const money = (n: number) => formatEuro(n, locale);
  const vatLabel = (value: string) => t('mail.orderDocument.vatNumber', { value });
  const customerName = customer.businessName ?? `${customer.firstName} ${customer.lastName}`.trim();
  // A consumer reads amounts with VAT, a business net ones plus the VAT (src/lib/rules/vat-display.ts).
  const vatIncluded = customer.kind !== 'b2b';
  const gross = grossTotals(rows, { shipping: order.shippingTotal, paymentFee: order.paymentFee, total: order.total }, SHIPPING_VAT_RATE);
  const method = pick(order.paymentMethod.name, locale);
  const fee = (amount: number) => (amount > 0 ? [t('mail.orderConfirmation.paymentFee', { method, amount: money(amount) })] : []);
  const amounts = vatIncluded
    ? [
        t('mail.orderConfirmation.subtotal', { amount: money(gross.rows) }),
        ...(gross.discount > 0 ? [t('mail.orderConfirmation.discount', { amount: money(gross.discount) })] : []),
        t('mail.orderConfirmation.shipping', { method: pick(order.shippingMethod.name, locale), amount: money(gross.shipping) }),
        ...fee(gross.paymentFee),
        t('mail.orderConfirmation.total', { amount: money(order.total) }),
        t('mail.orderConfirmation.vatPart', { amount: money(order.taxTotal) }),
      ]
    : [
        t('mail.orderConfirmation.subtotal', { amount: money(order.subtotal) }),
        ...(order.discount > 0 ? [t('mail.orderConfirmation.discount', { amount: money(order.discount) })] : []),
        t('mail.orderConfirmation.shipping', { method: pick(order.shippingMethod.name, locale), amount: money(order.shippingTotal) }),
        ...fee(order.paymentFee),
        t('mail.orderConfirmation.vat', { amount: money(order.taxTotal) }),
        t('mail.orderConfirmation.total', { amount: money(order.total) }),
      ];
  const url = `${deps.publicSiteUrl.replace(/\/$/, '')}/account/orders/${order.id}`;
  const lines = [
    t('mail.greeting', { name: customer.firstName || customerName }),
    '',
    t('mail.orderConfirmation.intro', { number: order.number, date: formatDay(order.createdAt, locale, 'long') }),
    '',
    t(vatIncluded ? 'shop.vat.pricesIncluded' : 'shop.vat.pricesExcluded'),
    ...rows.map((r) => t('mail.orderConfirmation.row', { qty: r.qty, name: pick(r.name, locale), code: r.code, amount: money(vatIncluded ? grossOf(r.total, r.vatRate) : r.total) })),
    '',
    ...amounts,
    ...(vatNote(order, locale) ? [vatNote(order, locale)!] : []),
    '',
    t('mail.orderConfirmation.payment', { method: paymentLabel(order.paymentMethod, locale) }),
    t('mail.orderConfirmation.shipTo', { address: addressLines(order.shippingAddress, vatLabel).join(', ') }),
    t('mail.orderConfirmation.billTo', { address: addressLines(order.billingAddress, vatLabel).join(', ') }),
    ...(order.notes ? [t('mail.orderConfirmation.notes', { notes: order.notes })] : []),
    '',
    t('mail.orderConfirmation.processing', { days: Number(settings.ORDER_PROCESSING_DAYS) || 3 }),
    t('mail.orderConfirmation.view', { url }),
    ...(pdf ? [t('mail.orderConfirmation.attachment')] : []),
    '',
    t('mail.signature'),
    deps.publicSiteUrl,
  ];
  const text = lines.join('\n');
  const attachments = pdf ? [{ filename: pdf.fileName, content: pdf.content, contentType: 'application/pdf' }] : undefined;
  return [
    { tag: 'order-confirmation', to: customer.email, subject: t('mail.orderConfirmation.subject', { number: order.number }), text, attachments },
    { tag: 'order-confirmation-copy', to: deps.shopEmail, subject: t('mail.orderConfirmation.copySubject', { number: order.number, customer: customerName }), text, attachments },
  ];
}

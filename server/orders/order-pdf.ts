// The PDF of an order document (order confirmation, invoice, delivery note), rendered from the
// order when asked for: shop header, customer, addresses, rows, totals and VAT.
import { eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import type { Locale } from '../../src/lib/contract/common';
import type { OrderDocumentType } from '../../src/lib/contract/orders';
import { formatDay, formatEuro } from '../../src/lib/i18n/format';
import { translator } from '../../src/lib/i18n/i18n';
import { orderTotals, SHIPPING_VAT_RATE } from '../../src/lib/rules/checkout';
import { grossOf, grossTotals } from '../../src/lib/rules/vat-display';
import { isReverseCharge } from '../../src/lib/rules/vat-treatment';
import { pick } from '../catalogue/localized';
import type { Db } from '../db/client';
import { customers, orderDocuments, type AddressSnapshot } from '../db/schema';
import { readSettings } from '../settings';
import { allOrderRows, vatNote, type OrderRecord } from './order-read';

const PRIMARY = '#D73731';
const SECONDARY = '#343A40';
const MARGIN = 48;

// The standard PDF fonts know WinAnsi only: Intl's narrow spaces become plain ones.
const clean = (s: string) => s.replace(/[\u202F\u2009\u00A0]/g, ' ');

/** The payment method in a locale, with the contract terms agreed for "as per contract". */
export function paymentLabel(method: OrderRecord['paymentMethod'], locale: Locale): string {
  const name = pick(method.name, locale);
  return method.terms ? `${name} (${pick(method.terms, locale)})` : name;
}

export function addressLines(a: AddressSnapshot, vatLabel: (value: string) => string = (value) => value): string[] {
  return [
    a.company && a.company !== a.name ? a.company : null,
    a.name,
    a.street,
    `${a.postalCode} ${a.city}${a.province ? ` (${a.province})` : ''}`,
    a.country,
    a.vatNumber ? vatLabel(a.vatNumber) : null,
    a.phone,
    a.email,
  ].filter((l): l is string => !!l);
}

function toBuffer(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

export interface RenderedDocument {
  fileName: string;
  content: Buffer;
}

/** Null when the order has no document of that type. */
export async function renderOrderDocument(db: Db, order: OrderRecord, type: OrderDocumentType, locale: Locale): Promise<RenderedDocument | null> {
  const [[record], [customer], rows, shop] = await Promise.all([
    db.select().from(orderDocuments).where(eq(orderDocuments.orderId, order.id)).then((all) => all.filter((d) => d.type === type)),
    db.select().from(customers).where(eq(customers.id, order.customerId)),
    allOrderRows(db, order.id),
    readSettings(db, ['SHOP_NAME', 'SHOP_ADDRESS', 'SHOP_EMAIL', 'SHOP_PHONE', 'SHOP_VAT_NUMBER', 'SHOP_IBAN'] as const),
  ]);
  if (!record || !customer) return null;
  const t = translator(locale);
  const money = (n: number) => clean(formatEuro(n, locale));
  const date = (d: Date) => clean(formatDay(d, locale, 'long'));
  const title = t(`mail.orderDocument.${type}`);
  const shopName = shop.SHOP_NAME || 'Vinoshop';
  const withPrices = type !== 'delivery_note';
  // A consumer's documents show amounts with VAT, a business's net ones (src/lib/rules/vat-display.ts);
  // both keep the VAT by rate and its base, and say which they show.
  const vatIncluded = customer.kind !== 'b2b';
  const vatLabel = (value: string) => t('mail.orderDocument.vatNumber', { value });

  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: `${title} ${record.number}`, Author: shopName } });
  const done = toBuffer(doc);
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN - 40;

  // Header: the shop on the left, the document on the right.
  doc.font('Helvetica-Bold').fontSize(22).fillColor(PRIMARY).text(shopName, MARGIN, MARGIN);
  doc.font('Helvetica').fontSize(9).fillColor(SECONDARY);
  // The seller's VAT number and the IBAN to pay a bank transfer to (settings SHOP_VAT_NUMBER, SHOP_IBAN).
  const sellerLines = [
    shop.SHOP_ADDRESS,
    [shop.SHOP_EMAIL, shop.SHOP_PHONE].filter(Boolean).join(' · '),
    shop.SHOP_VAT_NUMBER ? t('mail.orderDocument.vatNumber', { value: shop.SHOP_VAT_NUMBER }) : '',
    shop.SHOP_IBAN && withPrices ? t('mail.orderDocument.iban', { value: shop.SHOP_IBAN }) : '',
  ];
  for (const line of sellerLines) {
    if (line) doc.text(clean(line));
  }
  doc.font('Helvetica-Bold').fontSize(16).fillColor('#000000').text(title, MARGIN, MARGIN, { width, align: 'right' });
  doc.font('Helvetica').fontSize(10);
  doc.text(t('mail.orderDocument.number', { number: record.number }), { width, align: 'right' });
  doc.text(t('mail.orderDocument.date', { date: date(record.issuedAt) }), { width, align: 'right' });
  doc.text(t('mail.orderDocument.order', { number: order.number, date: date(order.createdAt) }), { width, align: 'right' });

  // Customer and the two addresses in three columns.
  const top = Math.max(doc.y, MARGIN + 80) + 16;
  const col = width / 3;
  const block = (x: number, heading: string, lines: string[]) => {
    doc.font('Helvetica-Bold').fontSize(9).fillColor(PRIMARY).text(heading.toUpperCase(), x, top, { width: col - 8 });
    doc.font('Helvetica').fontSize(9).fillColor('#000000');
    for (const line of lines) doc.text(clean(line), { width: col - 8 });
    return doc.y;
  };
  const customerLines = [
    customer.businessName ?? `${customer.firstName} ${customer.lastName}`.trim(),
    customer.code,
    customer.vatNumber ? vatLabel(customer.vatNumber) : null,
    customer.taxCode,
    // Italian e-invoicing: where the SDI delivers the buyer's invoice (recipient code, else PEC).
    customer.sdiCode ? t('mail.orderDocument.sdiCode', { value: customer.sdiCode }) : null,
    customer.pec ? t('mail.orderDocument.pec', { value: customer.pec }) : null,
    customer.email,
  ].filter((l): l is string => !!l);
  const ends = [
    block(MARGIN, t('mail.orderDocument.customer'), customerLines),
    block(MARGIN + col, t('mail.orderDocument.billingAddress'), addressLines(order.billingAddress, vatLabel)),
    block(MARGIN + 2 * col, t('mail.orderDocument.shippingAddress'), addressLines(order.shippingAddress, vatLabel)),
  ];
  let y = Math.max(...ends) + 20;

  // Rows.
  const columns = withPrices
    ? [
        { key: 'code', label: t('mail.orderDocument.code'), width: 80, align: 'left' as const },
        { key: 'name', label: t('mail.orderDocument.description'), width: width - 80 - 40 - 70 - 45 - 75, align: 'left' as const },
        { key: 'qty', label: t('mail.orderDocument.qty'), width: 40, align: 'right' as const },
        { key: 'price', label: t('mail.orderDocument.unitPrice'), width: 70, align: 'right' as const },
        { key: 'vat', label: t('mail.orderDocument.vatRate'), width: 45, align: 'right' as const },
        { key: 'total', label: t('mail.orderDocument.amount'), width: 75, align: 'right' as const },
      ]
    : [
        { key: 'code', label: t('mail.orderDocument.code'), width: 100, align: 'left' as const },
        { key: 'name', label: t('mail.orderDocument.description'), width: width - 100 - 60, align: 'left' as const },
        { key: 'qty', label: t('mail.orderDocument.qty'), width: 60, align: 'right' as const },
      ];
  const drawRow = (cells: Record<string, string>, bold: boolean) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9).fillColor('#000000');
    const height = Math.max(...columns.map((c) => doc.heightOfString(clean(cells[c.key] ?? ''), { width: c.width - 6 })));
    if (y + height > bottom()) {
      doc.addPage();
      y = MARGIN;
    }
    let x = MARGIN;
    for (const c of columns) {
      doc.text(clean(cells[c.key] ?? ''), x + 3, y, { width: c.width - 6, align: c.align });
      x += c.width;
    }
    y += height + 6;
    doc.moveTo(MARGIN, y - 3).lineTo(MARGIN + width, y - 3).lineWidth(0.5).strokeColor('#CCCCCC').stroke();
  };
  drawRow(Object.fromEntries(columns.map((c) => [c.key, c.label])), true);
  for (const r of rows) {
    drawRow(
      {
        code: r.code,
        name: pick(r.name, locale),
        qty: String(r.qty),
        price: money(vatIncluded ? grossOf(r.unitPrice, r.vatRate) : r.unitPrice),
        vat: `${r.vatRate}`,
        total: money(vatIncluded ? grossOf(r.total, r.vatRate) : r.total),
      },
      false,
    );
  }

  // Totals and VAT, right-aligned.
  y += 10;
  const line = (label: string, value: string, bold = false) => {
    if (y + 14 > bottom()) {
      doc.addPage();
      y = MARGIN;
    }
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 11 : 9).fillColor('#000000');
    doc.text(clean(label), MARGIN + width - 300, y, { width: 200, align: 'right' });
    doc.text(clean(value), MARGIN + width - 95, y, { width: 95, align: 'right' });
    y += bold ? 16 : 13;
  };
  const reverseCharge = isReverseCharge(order.vatTreatment);
  const feeLabel = `${t('mail.orderDocument.paymentFee')} (${pick(order.paymentMethod.name, locale)})`;
  // VAT is printed once: by rate when there are several (then their sum), else one line.
  const breakdown = vatBreakdown(order, rows);
  const vatLines = (totalLabel: string) => {
    for (const v of breakdown) {
      const label = reverseCharge ? t('mail.orderDocument.vatExempt', { base: money(v.base) }) : t('mail.orderDocument.vatLine', { rate: v.rate, base: money(v.base) });
      line(label, money(v.tax));
    }
    if (breakdown.length !== 1) line(totalLabel, money(order.taxTotal));
  };
  if (withPrices && vatIncluded) {
    const gross = grossTotals(rows, { shipping: order.shippingTotal, paymentFee: order.paymentFee, total: order.total }, SHIPPING_VAT_RATE);
    line(t('mail.orderDocument.subtotal'), money(gross.rows));
    if (gross.discount > 0) line(t('mail.orderDocument.discount'), `-${money(gross.discount)}`);
    line(`${t('mail.orderDocument.shipping')} (${pick(order.shippingMethod.name, locale)})`, money(gross.shipping));
    if (gross.paymentFee > 0) line(feeLabel, money(gross.paymentFee));
    line(t('shop.totalWithVat'), money(order.total), true);
    vatLines(t('shop.vat.vatPart'));
  } else if (withPrices) {
    line(t('mail.orderDocument.subtotal'), money(order.subtotal));
    if (order.discount > 0) line(t('mail.orderDocument.discount'), `-${money(order.discount)}`);
    line(`${t('mail.orderDocument.shipping')} (${pick(order.shippingMethod.name, locale)})`, money(order.shippingTotal));
    if (order.paymentFee > 0) line(feeLabel, money(order.paymentFee));
    vatLines(t('mail.orderDocument.tax'));
    line(t('mail.orderDocument.total'), money(order.total), true);
  }

  y += 12;
  doc.font('Helvetica').fontSize(9).fillColor(SECONDARY);
  const notes = [
    `${t('mail.orderDocument.payment')}: ${paymentLabel(order.paymentMethod, locale)}`,
    `${t('mail.orderDocument.shippingMethod')}: ${pick(order.shippingMethod.name, locale)}`,
    order.notes ? `${t('mail.orderDocument.notes')}: ${order.notes}` : '',
    withPrices ? t(vatIncluded ? 'shop.vat.pricesIncluded' : 'shop.vat.pricesExcluded') : '',
    withPrices ? (vatNote(order, locale) ?? '') : '',
  ].filter(Boolean);
  doc.text(clean(notes.join('\n')), MARGIN, Math.min(y, bottom()), { width });
  if (!withPrices) {
    doc.moveDown(3).text(`${t('mail.orderDocument.received')}: ______________________________`, { width, align: 'right' });
  }
  doc.end();
  const content = await done;
  const safe = record.number.replace(/[^A-Za-z0-9-]/g, '_');
  return { fileName: `${type.replace('_', '-')}-${safe}.pdf`, content };
}

/**
 * VAT by rate, from the rows with the order's discount spread over them. Shown only when it adds
 * up to the tax stored on the order (a promotion on some rows only spreads differently).
 */
function vatBreakdown(order: OrderRecord, rows: { total: number; vatRate: number }[]) {
  const t = orderTotals({
    lines: rows.map((r) => ({ total: r.total, vatRate: r.vatRate, inPromotion: false })),
    couponDiscount: order.discount,
    shipping: order.shippingTotal,
    paymentFee: order.paymentFee,
    reverseCharge: isReverseCharge(order.vatTreatment),
  });
  return Math.abs(t.tax - order.taxTotal) < 0.005 ? t.vat : [];
}

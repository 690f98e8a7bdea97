// Seeds past orders, with rows, status history and their documents, so order history,
// reorder, invoices and "ordered before" quantities have something to show.
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  addresses, orderRows, orders, orderStatusHistory, paymentMethods, productTranslations, products,
  shippingPolicies, type AddressSnapshot, type L10nJson, type OrderStatus,
} from '../db/schema';
import { DEFAULT_LOCALE, type Locale } from '../../src/lib/contract/locales';
import { vatTreatment } from '../../src/lib/rules/vat-treatment';
import type { Random } from './random';
import { round2 } from './random';

const STATUS_PLAN: OrderStatus[] = ['Completed', 'Completed', 'Shipped', 'Processing', 'Pending', 'Cancelled', 'Partially shipped', 'Refunded'];

export async function seedOrders(db: Db, random: Random, people: { customerRows: { id: number; code: string; kind: 'b2b' | 'b2c'; paymentTerms: L10nJson | null }[]; userRows: { id: number; customerId: number | null; isAgent: boolean; locale: Locale }[] }) {
  const catalogue = await db
    .select({ id: products.id, code: products.code, price: products.standardPrice, vat: products.vatRate, it: productTranslations.name })
    .from(products)
    .innerJoin(productTranslations, eq(productTranslations.productId, products.id))
    .where(eq(productTranslations.locale, 'it'))
    .orderBy(asc(products.id));
  const names = await db.select().from(productTranslations).where(inArray(productTranslations.productId, catalogue.map((c) => c.id)));
  const nameOf = (id: number) => {
    const all = names.filter((n) => n.productId === id);
    const get = (l: string) => all.find((n) => n.locale === l)?.name ?? all[0]!.name;
    return { it: get('it'), en: get('en'), es: get('es') };
  };
  const payments = await db.select().from(paymentMethods);
  const policies = await db.select().from(shippingPolicies);
  const agent = people.userRows.find((u) => u.isAgent)!;
  let sequence = 0;
  const now = Date.now();

  for (const customer of people.customerRows) {
    const book = await db.select().from(addresses).where(eq(addresses.customerId, customer.id));
    const snapshot = (type: 'Billing' | 'Shipping'): AddressSnapshot => {
      const a = book.find((x) => x.type === type)!;
      return { name: a.name, company: a.company, street: a.street, city: a.city, postalCode: a.postalCode, province: a.province, country: a.country, phone: a.phone, email: a.email, vatNumber: a.vatNumber };
    };
    const user = people.userRows.find((u) => u.customerId === customer.id);
    const count = customer.kind === 'b2b' ? random.int(3, 6) : 2;
    for (let i = 0; i < count; i++) {
      const status = STATUS_PLAN[(customer.id + i) % STATUS_PLAN.length]!;
      const created = new Date(now - random.int(5, 300) * 86_400_000);
      const items = random.sample(catalogue, random.int(2, 6)).map((p) => {
        const qty = random.int(1, customer.kind === 'b2b' ? 24 : 3);
        return { p, qty, total: round2(p.price * qty) };
      });
      const subtotal = round2(items.reduce((s, x) => s + x.total, 0));
      const policy = policies.find((x) => x.code === (customer.kind === 'b2b' && i % 3 === 0 ? 'pallet-it' : 'courier-it'))!;
      const shipping = policy.freeFrom !== null && subtotal >= policy.freeFrom ? 0 : policy.price;
      // A business of another EU state is reverse charged, as checkout would (ADR 0024).
      const reverseCharge = vatTreatment({
        customerKind: customer.kind,
        vatNumber: snapshot('Billing').vatNumber,
        shippingCountry: snapshot('Shipping').country,
        billingCountry: snapshot('Billing').country,
      }).treatment === 'reverse_charge';
      const tax = reverseCharge ? 0 : round2(items.reduce((s, x) => s + x.total * (x.p.vat / 100), 0) + shipping * 0.22);
      const payment = payments.find((x) => x.code === (customer.kind === 'b2b' ? (i % 2 ? 'as-per-contract' : 'riba-30') : 'card'))!;
      sequence += 1;
      const [order] = await db
        .insert(orders)
        .values({
          number: `${created.getUTCFullYear()}-${String(sequence).padStart(6, '0')}`,
          customerId: customer.id,
          userId: user?.id ?? null,
          agentId: customer.kind === 'b2b' && i % 2 === 0 ? agent.id : null,
          shopContext: customer.kind,
          status,
          billingAddress: snapshot('Billing'),
          shippingAddress: snapshot('Shipping'),
          shippingPolicyId: policy.id,
          shippingMethod: { code: policy.code, name: policy.name },
          paymentMethodId: payment.id,
          paymentMethod: { code: payment.code, name: payment.name, ...(payment.isContract && customer.paymentTerms ? { terms: customer.paymentTerms } : {}) },
          subtotal,
          shippingTotal: shipping,
          taxTotal: tax,
          total: round2(subtotal + shipping + tax),
          vatTreatment: reverseCharge ? 'reverse_charge' : 'standard',
          // A note is the customer's own words, never translated; the demo's are the business's own
          // purchase order reference, which reads the same in every language.
          notes: i === 0 && customer.kind === 'b2b' ? `${customer.code}/${created.getUTCFullYear()}/${String(sequence).padStart(3, '0')}` : '',
          // Mails and documents of an order speak the language of the user who placed it.
          locale: user?.locale ?? DEFAULT_LOCALE,
          trackingUrl: ['Shipped', 'Completed', 'Partially shipped'].includes(status) ? `https://tracking.example/${sequence}` : null,
          createdAt: created,
          updatedAt: created,
        })
        .returning();
      await db.insert(orderRows).values(
        items.map((x) => ({ orderId: order!.id, productId: x.p.id, code: x.p.code, name: nameOf(x.p.id), qty: x.qty, unitPrice: x.p.price, vatRate: reverseCharge ? 0 : x.p.vat, total: x.total })),
      );
      const history: OrderStatus[] = status === 'Pending' ? ['Pending'] : status === 'Cancelled' ? ['Pending', 'Cancelled'] : ['Pending', 'Processing', ...(status === 'Processing' ? [] : [status])];
      await db.insert(orderStatusHistory).values(history.map((s, k) => ({ orderId: order!.id, status: s, createdAt: new Date(created.getTime() + k * 86_400_000) })));
      // Its documents were issued by the database as the order went in, as its status warrants (ADR 0017).
    }
  }
}

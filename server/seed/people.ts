// Seeds customers, their users, agents with their assigned customers, addresses and the
// prices agreed with business customers.
import type { Db } from '../db/client';
import { addresses, agentCustomers, customerPrices, customers, products, seasonPrices, userCustomValues, users } from '../db/schema';
import { hashPassword } from '../auth/passwords';
import type { Random } from './random';
import { round2 } from './random';

/** The demo logins, printed at start and listed in the README. */
export const DEMO_LOGINS = [
  { username: 'agent@example.com', password: 'Agent-2026!', who: 'sales agent with assigned customers' },
  { username: 'b2b@example.com', password: 'Customer-2026!', who: 'user of a business customer (Cantina dei Colli)' },
  { username: 'b2b2@example.com', password: 'Customer-2026!', who: 'user of another business customer (Birrificio Monte Alto)' },
  { username: 'consumer@example.com', password: 'Consumer-2026!', who: 'consumer (B2C)' },
  { username: 'renew@example.com', password: 'Renew-2026!', who: 'business customer user who must change the password at next login' },
] as const;

/** The terms agreed with business customers, read at checkout in the shopper's language. */
export const CONTRACT_TERMS = {
  it: 'Bonifico bancario 30 gg fine mese',
  en: 'Bank transfer, 30 days end of month',
  es: 'Transferencia bancaria a 30 días fin de mes',
};

const CUSTOMERS = [
  { code: 'C0001', kind: 'b2b', businessName: 'Cantina dei Colli S.r.l.', firstName: 'Giulia', lastName: 'Ferrero', vatNumber: 'IT02345678904', sdiCode: 'M5UXCR1', pec: 'cantinadeicolli@pec.example', email: 'ordini@cantinadeicolli.example', phone: '+39 0173 111111', sector: 'winery', city: ['Barolo', '12060', 'CN', 'Via Roma 4'] },
  { code: 'C0002', kind: 'b2b', businessName: 'Birrificio Monte Alto S.n.c.', firstName: 'Marco', lastName: 'Bianchi', vatNumber: 'IT03456789019', sdiCode: 'KRRH6B9', pec: null, email: 'acquisti@montealto.example', phone: '+39 0165 222222', sector: 'brewery', city: ['Aosta', '11100', 'AO', 'Corso Ivrea 18'] },
  { code: 'C0003', kind: 'b2b', businessName: 'Garden Center Il Glicine', firstName: 'Elena', lastName: 'Russo', vatNumber: 'IT04567890126', sdiCode: null, pec: 'ilglicine@pec.example', email: 'info@ilglicine.example', phone: '+39 011 333333', sector: 'garden', city: ['Torino', '10128', 'TO', 'Via Nizza 210'] },
  { code: 'C0004', kind: 'b2b', businessName: 'Azienda Agricola Vigna Vecchia', firstName: 'Paolo', lastName: 'Gallo', vatNumber: 'IT05678901231', sdiCode: 'T04ZHR3', pec: 'vignavecchia@pec.example', email: 'amministrazione@vignavecchia.example', phone: '+39 0141 444444', sector: 'winery', city: ['Canelli', '14053', 'AT', 'Regione Castello 7'] },
  { code: 'C0005', kind: 'b2b', businessName: 'Bodega Sierra Norte S.L.', firstName: 'Lucía', lastName: 'Martínez', vatNumber: 'ESB12345678', email: 'compras@sierranorte.example', phone: '+34 941 555555', sector: 'winery', city: ['Logroño', '26001', 'La Rioja', 'Calle Mayor 21'], country: 'ES' },
  { code: 'C0006', kind: 'b2c', businessName: null, firstName: 'Chiara', lastName: 'Conti', vatNumber: null, email: 'consumer@example.com', phone: '+39 333 6666666', sector: null, city: ['Alba', '12051', 'CN', 'Corso Italia 33'] },
] as const;

export async function seedPeople(
  db: Db,
  random: Random,
  catalogue: { productIdByCode: Map<string, number>; seasonIds: number[]; sectorValueId: Map<string, number> },
) {
  const customerRows = await db
    .insert(customers)
    .values(
      CUSTOMERS.map((c) => ({
        code: c.code,
        kind: c.kind,
        businessName: c.businessName,
        firstName: c.firstName,
        lastName: c.lastName,
        vatNumber: c.vatNumber,
        sdiCode: 'sdiCode' in c ? c.sdiCode : null,
        pec: 'pec' in c ? c.pec : null,
        email: c.email,
        phone: c.phone,
        paymentTerms: c.kind === 'b2b' ? CONTRACT_TERMS : null,
      })),
    )
    .returning();
  const customerId = (code: string) => customerRows.find((c) => c.code === code)!.id;

  const [agentHash, customerHash, consumerHash, renewHash, otherHash] = await Promise.all([
    hashPassword('Agent-2026!'),
    hashPassword('Customer-2026!'),
    hashPassword('Consumer-2026!'),
    hashPassword('Renew-2026!'),
    hashPassword('Agent2-2026!'),
  ]);
  const userRows = await db
    .insert(users)
    .values([
      { email: 'agent@example.com', passwordHash: agentHash, firstName: 'Luca', lastName: 'Moretti', isAgent: true },
      { email: 'agent2@example.com', passwordHash: otherHash, firstName: 'Sara', lastName: 'Ricci', isAgent: true },
      { email: 'b2b@example.com', passwordHash: customerHash, firstName: 'Giulia', lastName: 'Ferrero', customerId: customerId('C0001') },
      { email: 'b2b2@example.com', passwordHash: customerHash, firstName: 'Marco', lastName: 'Bianchi', customerId: customerId('C0002') },
      { email: 'consumer@example.com', passwordHash: consumerHash, firstName: 'Chiara', lastName: 'Conti', customerId: customerId('C0006') },
      { email: 'renew@example.com', passwordHash: renewHash, firstName: 'Paolo', lastName: 'Gallo', customerId: customerId('C0004'), mustChangePassword: true },
      { email: 'lucia@sierranorte.example', passwordHash: customerHash, firstName: 'Lucía', lastName: 'Martínez', customerId: customerId('C0005'), locale: 'es' },
      { email: 'elena@ilglicine.example', passwordHash: customerHash, firstName: 'Elena', lastName: 'Russo', customerId: customerId('C0003') },
    ])
    .returning();
  const userId = (email: string) => userRows.find((u) => u.email === email)!.id;

  await db.insert(agentCustomers).values([
    { agentId: userId('agent@example.com'), customerId: customerId('C0001') },
    { agentId: userId('agent@example.com'), customerId: customerId('C0002') },
    { agentId: userId('agent@example.com'), customerId: customerId('C0003') },
    { agentId: userId('agent2@example.com'), customerId: customerId('C0004') },
    { agentId: userId('agent2@example.com'), customerId: customerId('C0005') },
  ]);

  const sectorLinks = CUSTOMERS.flatMap((c) =>
    c.sector ? userRows.filter((u) => u.customerId === customerId(c.code)).map((u) => ({ userId: u.id, valueId: catalogue.sectorValueId.get(c.sector)! })) : [],
  );
  await db.insert(userCustomValues).values(sectorLinks);

  // A billing and a shipping address for everyone; two shipping addresses for the first customer.
  const addressRows: (typeof addresses.$inferInsert)[] = CUSTOMERS.flatMap((c) => {
    const [city, postalCode, province, street] = c.city;
    const country = 'country' in c ? c.country : 'IT';
    const name = c.businessName ?? `${c.firstName} ${c.lastName}`;
    const base = { customerId: customerId(c.code), name, company: c.businessName, city, postalCode, province, country, phone: c.phone, email: c.email, vatNumber: c.vatNumber };
    return [
      { ...base, type: 'Billing' as const, code: 'billing-1', street, isDefault: true },
      { ...base, type: 'Shipping' as const, code: 'shipping-1', street, isDefault: true },
    ];
  });
  addressRows.push({
    ...addressRows[1]!,
    code: 'shipping-2',
    street: 'Strada Provinciale 3, magazzino 2',
    city: 'La Morra',
    postalCode: '12064',
    isDefault: false,
  });
  await db.insert(addresses).values(addressRows);

  // Agreed prices: each business customer pays 5-15% less on a share of the catalogue.
  const productIds = [...catalogue.productIdByCode.values()];
  const b2b = customerRows.filter((c) => c.kind === 'b2b');
  const priceRows = [];
  const all = await db.select({ id: products.id, price: products.standardPrice }).from(products);
  const priceOf = new Map(all.map((p) => [p.id, p.price]));
  for (const c of b2b) {
    for (const pid of random.sample(productIds, 30)) {
      priceRows.push({ customerId: c.id, productId: pid, price: round2(priceOf.get(pid)! * (1 - random.int(5, 15) / 100)) });
    }
  }
  // Season prices for the first customer, used when seasons are switched on.
  for (const pid of random.sample(productIds, 10)) {
    priceRows.push({ customerId: b2b[0]!.id, productId: pid, seasonId: catalogue.seasonIds[0]!, price: round2(priceOf.get(pid)! * 0.8) });
  }
  await db.insert(customerPrices).values(priceRows);
  await db.insert(seasonPrices).values(
    random.sample(productIds, 12).map((pid) => ({ seasonId: catalogue.seasonIds[0]!, productId: pid, price: round2(priceOf.get(pid)! * 0.9) })),
  );

  return { customerRows, userRows, customerId, userId };
}

import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { ErpOrder } from './erp-order';
import { ORDER_CSV_COLUMNS, orderCsvRecords, orderCsvStringifier, type OrderCsvOptions } from './order-export-csv';

/** Text a customer or an import could put in an order, each piece hostile to a naive CSV writer. */
const HOSTILE = {
  notes: 'Consegna; "urgente", grazie\nsecondo piano\r\nscala B\rcitofono',
  company: 'Vini "Il Colle"; s.r.l.',
  street: 'Via Roma, 1',
  nul: 'prima\u0000dopo',
  escape: 'tasto\u001bESC',
  formula: '=HYPERLINK("http://evil.example","clic")',
  tab: 'col\tonna',
  unicode: 'Caffè – ñandú – 日本',
  lf: 'riga uno\nriga due',
  cr: 'riga uno\rriga due',
};

const address = { name: 'Mario Rossi', company: HOSTILE.company, street: HOSTILE.street, postal_code: '00100', city: HOSTILE.nul, province: 'RM', country: 'IT', phone: '+39 06 123', email: null, vat_number: null };

const ORDER: ErpOrder = {
  id: 7,
  number: '2026-000007',
  status: 'Pending',
  created_at: '2026-03-01T09:00:00.000Z',
  locale: 'it',
  shop_context: 'b2b',
  customer: { id: 3, code: 'C0003', kind: 'b2b', business_name: HOSTILE.company, first_name: '', last_name: '', vat_number: 'IT01234567890', tax_code: null, email: 'x@example.com', phone: null, sdi_code: null, pec: null },
  placed_by: { user: { id: 4, email: 'b2b@example.com', first_name: 'A', last_name: 'B' }, agent: null },
  billing_address: address,
  shipping_address: { ...address, street: HOSTILE.escape, city: HOSTILE.tab, province: HOSTILE.lf, phone: HOSTILE.cr },
  shipping_method: { id: 1, code: 'courier-it', name: { it: 'Corriere', en: 'Courier' } },
  payment_method: { id: 2, code: 'riba-30', name: { it: 'RiBa 30 gg' }, terms: null },
  coupon_code: null,
  promotion_id: null,
  vat_treatment: 'standard',
  currency: 'EUR',
  totals: { subtotal: '36.90', discount: '0.00', shipping: '9.90', payment_fee: '0.00', tax: '10.30', total: '57.10' },
  notes: HOSTILE.notes,
  rows: [
    { line: 1, product_id: 10, variant_id: null, code: 'TAP-01', name: { it: HOSTILE.formula, en: 'Corks' }, qty: 3, unit_price: '12.30', vat_rate: '22.00', total: '36.90' },
    { line: 2, product_id: 11, variant_id: 5, code: 'TAP;02', name: { it: HOSTILE.unicode }, qty: 1, unit_price: '0.00', vat_rate: '22.00', total: '0.00' },
  ],
};

async function csvOf(orders: ErpOrder[], options: OrderCsvOptions, locale: 'it' | 'en' = 'it'): Promise<string> {
  const stream = orderCsvStringifier(options);
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(Buffer.from(c)));
  const done = new Promise((resolve, reject) => stream.on('end', resolve).on('error', reject));
  for (const o of orders) for (const r of orderCsvRecords(o, locale)) stream.write(r);
  stream.end();
  await done;
  return Buffer.concat(chunks).toString('utf8');
}

const read = (text: string, delimiter = ',') => parse(text, { delimiter, bom: true, relax_column_count: false }) as string[][];

describe('the order CSV', () => {
  it('has a header line, then one line per order row with the order repeated, CRLF between records', async () => {
    const text = await csvOf([ORDER], { delimiter: ',' });
    const [header, ...lines] = read(text);
    expect(header).toEqual([...ORDER_CSV_COLUMNS]);
    expect(lines).toHaveLength(2);
    const col = (line: string[], name: (typeof ORDER_CSV_COLUMNS)[number]) => line[ORDER_CSV_COLUMNS.indexOf(name)];
    for (const line of lines) {
      expect(col(line, 'order_number')).toBe('2026-000007');
      expect(col(line, 'total')).toBe('57.10');
      expect(col(line, 'shipping_method_name')).toBe('Corriere');
    }
    expect(lines.map((l) => [col(l, 'row_line'), col(l, 'row_code'), col(l, 'row_qty'), col(l, 'row_unit_price'), col(l, 'row_variant_id')])).toEqual([
      ['1', 'TAP-01', '3', '12.30', ''],
      ['2', 'TAP;02', '1', '0.00', '5'],
    ]);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.split('\r\n')[0]).toBe(ORDER_CSV_COLUMNS.join(','));
  });

  it('gives back every hostile text exactly (separators, quotes, every kind of line break, NUL, ESC, tab, formulas, non-Latin)', async () => {
    for (const delimiter of [',', ';', '\t'] as const) {
      const text = await csvOf([ORDER], { delimiter });
      const [header, first] = read(text, delimiter);
      const col = (name: (typeof ORDER_CSV_COLUMNS)[number]) => first![header!.indexOf(name)];
      expect(col('notes'), delimiter).toBe(HOSTILE.notes);
      expect(col('customer_business_name')).toBe(HOSTILE.company);
      expect(col('billing_company')).toBe(HOSTILE.company);
      expect(col('billing_street')).toBe(HOSTILE.street);
      expect(col('billing_city')).toBe(HOSTILE.nul);
      expect(col('shipping_street')).toBe(HOSTILE.escape);
      expect(col('shipping_city')).toBe(HOSTILE.tab);
      expect(col('shipping_province')).toBe(HOSTILE.lf);
      expect(col('shipping_phone')).toBe(HOSTILE.cr);
      expect(col('row_name')).toBe(HOSTILE.formula);
      expect(col('billing_phone')).toBe('+39 06 123');
    }
  });

  it('quotes exactly the fields that need it: quotes doubled, control characters inside quotes', async () => {
    const text = await csvOf([ORDER], { delimiter: ';' });
    expect(text).toContain('"Vini ""Il Colle""; s.r.l."');
    expect(text).toContain(`"${HOSTILE.nul}"`);
    expect(text).toContain(`"${HOSTILE.escape}"`);
    expect(text).toContain('"Consegna; ""urgente"", grazie\nsecondo piano\r\nscala B\rcitofono"');
    // A bare line feed or carriage return is a line break to most readers, even in a CRLF file.
    expect(text).toContain(';"riga uno\nriga due";');
    expect(text).toContain(';"riga uno\rriga due";');
    // A comma is no separator here: left bare, as a spreadsheet set to ";" writes it.
    expect(text).toContain(';Via Roma, 1;');
    expect(text).toContain(';TAP-01;');
  });

  it('on request starts with a BOM and shows formulas as text (for a spreadsheet, not an ERP)', async () => {
    const text = await csvOf([ORDER], { delimiter: ',', bom: true, escapeFormulas: true });
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const [header, first] = read(text);
    expect(first![header!.indexOf('row_name')]).toBe(`'${HOSTILE.formula}`);
    expect(first![header!.indexOf('billing_phone')]).toBe("'+39 06 123");
    expect(first![header!.indexOf('total')]).toBe('57.10');
  });

  it('writes names in the chosen language, Italian where a text has no translation', async () => {
    const [header, first, second] = read(await csvOf([ORDER], { delimiter: ',' }, 'en'));
    expect(first![header!.indexOf('row_name')]).toBe('Corks');
    expect(second![header!.indexOf('row_name')]).toBe(HOSTILE.unicode);
    expect(first![header!.indexOf('payment_method_name')]).toBe('RiBa 30 gg');
  });

  it('keeps an order without rows, on one line with empty row columns', async () => {
    const [header, only, ...rest] = read(await csvOf([{ ...ORDER, rows: [] }], { delimiter: ',' }));
    expect(rest).toEqual([]);
    expect(only![header!.indexOf('order_number')]).toBe('2026-000007');
    expect(only![header!.indexOf('row_code')]).toBe('');
  });
});

// Seeds payment methods, shipping zones and policies, coupons and a promotion.
import type { Db } from '../db/client';
import { coupons, paymentMethods, promotionProducts, promotions, shippingPolicies, shippingZones } from '../db/schema';

const DAY = 86_400_000;

export async function seedCommerce(db: Db, catalogue: { productIdByCode: Map<string, number> }, canvasId: number | null) {
  // Cash on delivery costs 4 € with VAT (3.28 € net + 22 %), added to the order total.
  await db.insert(paymentMethods).values([
    { code: 'bank-transfer', position: 1, shopContext: 'all', name: { it: 'Bonifico bancario anticipato', en: 'Bank transfer in advance', es: 'Transferencia bancaria anticipada' }, description: { it: "Spediamo all'accredito del bonifico.", en: 'We ship once the transfer is received.', es: 'Enviamos al recibir la transferencia.' } },
    { code: 'card', position: 2, shopContext: 'all', name: { it: 'Carta di credito', en: 'Credit card', es: 'Tarjeta de crédito' }, description: { it: 'Visa, Mastercard, American Express.', en: 'Visa, Mastercard, American Express.', es: 'Visa, Mastercard, American Express.' } },
    { code: 'cash-on-delivery', position: 3, shopContext: 'b2c', fee: 3.28, name: { it: 'Contrassegno', en: 'Cash on delivery', es: 'Contra reembolso' }, description: { it: 'Paghi al corriere alla consegna (+4 €).', en: 'Pay the courier on delivery (+€4).', es: 'Pagas al mensajero en la entrega (+4 €).' } },
    { code: 'riba-30', position: 4, shopContext: 'b2b', name: { it: 'Ri.Ba. 30 giorni fine mese', en: 'Bank receipt, 30 days end of month', es: 'Recibo bancario a 30 días fin de mes' } },
    { code: 'as-per-contract', position: 5, shopContext: 'b2b', isContract: true, name: { it: 'Come da contratto', en: 'As per contract', es: 'Según contrato' }, description: { it: 'Alle condizioni concordate con il tuo agente.', en: 'On the terms agreed with your agent.', es: 'En las condiciones acordadas con tu agente.' } },
  ]);

  const [italy, europe] = await db
    .insert(shippingZones)
    .values([
      { code: 'IT', name: { it: 'Italia', en: 'Italy', es: 'Italia' }, countries: ['IT', 'SM', 'VA'] },
      { code: 'EU', name: { it: 'Unione Europea', en: 'European Union', es: 'Unión Europea' }, countries: ['ES', 'FR', 'DE', 'AT', 'PT', 'BE', 'NL', 'LU', 'SI', 'HR', 'GR', 'IE', 'DK', 'SE', 'FI', 'PL', 'CZ', 'SK', 'HU', 'RO', 'BG', 'EE', 'LV', 'LT', 'MT', 'CY'] },
    ])
    .returning();
  await db.insert(shippingPolicies).values([
    { code: 'courier-it', zoneId: italy!.id, position: 1, price: 9.9, freeFrom: 150, deliveryDays: 3, name: { it: 'Corriere espresso', en: 'Express courier', es: 'Mensajería urgente' }, description: { it: 'Consegna in 24-72 ore, gratis da 150 €.', en: 'Delivery in 24-72 hours, free from €150.', es: 'Entrega en 24-72 horas, gratis desde 150 €.' } },
    { code: 'pallet-it', zoneId: italy!.id, position: 2, price: 59, shopContext: 'b2b', deliveryDays: 5, name: { it: 'Bancale', en: 'Pallet delivery', es: 'Envío en palé' }, description: { it: 'Per ordini voluminosi, con sponda idraulica.', en: 'For bulky orders, with tail lift.', es: 'Para pedidos voluminosos, con plataforma elevadora.' } },
    { code: 'pickup', zoneId: italy!.id, position: 3, price: 0, deliveryDays: 1, name: { it: 'Ritiro in magazzino ad Alba', en: 'Pick up at our Alba warehouse', es: 'Recogida en el almacén de Alba' } },
    { code: 'SPEDIZIONEGRATIS', zoneId: italy!.id, position: 4, price: 0, deliveryDays: 4, name: { it: 'Spedizione gratuita (codice)', en: 'Free shipping (code)', es: 'Envío gratuito (código)' }, description: { it: 'Con il codice SPEDIZIONEGRATIS.', en: 'With the code SPEDIZIONEGRATIS.', es: 'Con el código SPEDIZIONEGRATIS.' } },
    { code: 'courier-eu', zoneId: europe!.id, position: 1, price: 24.9, freeFrom: 400, deliveryDays: 6, name: { it: 'Corriere internazionale', en: 'International courier', es: 'Mensajería internacional' }, description: { it: 'Consegna in 4-7 giorni lavorativi.', en: 'Delivery in 4-7 working days.', es: 'Entrega en 4-7 días laborables.' } },
  ]);

  const now = Date.now();
  // The terms match what the shop publishes on its discount-code page (codice-sconto).
  await db.insert(coupons).values([
    { code: 'BENVENUTO10', type: 'percentage', value: 10, shopContext: 'all', firstOrderOnly: true, oncePerCustomer: true, validFrom: new Date(now - 60 * DAY), validTo: new Date(now + 365 * DAY), description: { it: '10% sul primo ordine', en: '10% off your first order', es: '10% en tu primer pedido' } },
    { code: 'SCONTO20', type: 'fixed', value: 20, minOrder: 150, shopContext: 'all', validFrom: new Date(now - 30 * DAY), validTo: new Date(now + 180 * DAY), description: { it: '20 € di sconto da 150 €', en: '€20 off orders from €150', es: '20 € de descuento desde 150 €' } },
    { code: 'ESTATE2025', type: 'percentage', value: 15, shopContext: 'all', validFrom: new Date('2025-06-01T00:00:00Z'), validTo: new Date('2025-08-31T23:59:59Z'), description: { it: 'Saldi estivi 2025 (scaduto)', en: 'Summer sale 2025 (expired)', es: 'Rebajas de verano 2025 (caducado)' } },
  ]);

  const [promo] = await db
    .insert(promotions)
    .values({
      code: 'VENDEMMIA2026',
      type: 'percentage',
      value: 5,
      minOrder: 300,
      shopContext: 'all',
      canvasId,
      validFrom: new Date(now - 20 * DAY),
      validTo: new Date(now + 90 * DAY),
      name: { it: 'Promo Vendemmia 2026', en: 'Harvest 2026 promotion', es: 'Promoción Vendimia 2026' },
      description: {
        it: 'Il 5% in meno su lieviti, coadiuvanti e tappi per ordini da 300 €.',
        en: '5% off yeasts, fining agents and corks on orders from €300.',
        es: 'Un 5% menos en levaduras, coadyuvantes y tapones en pedidos desde 300 €.',
      },
    })
    .returning();
  const promoCodes = [...catalogue.productIdByCode.keys()].filter((code) => code.startsWith('ENO-')).slice(0, 30);
  await db.insert(promotionProducts).values(promoCodes.map((code) => ({ promotionId: promo!.id, productId: catalogue.productIdByCode.get(code)! })));
}

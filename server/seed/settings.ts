import type { Db } from '../db/client';
import { systemSettings } from '../db/schema';

/** Every setting of spec section 3, plus the switches the shop needs, with demo values. */
export const DEFAULT_SETTINGS: { key: string; value: string; isPublic: boolean }[] = [
  { key: 'CART_ROWS_AFFECT_STOCK', value: 'true', isPublic: true },
  { key: 'CART_ROWS_AFFECT_STOCK_TYPE', value: 'all', isPublic: true },
  { key: 'CART_HOLD_MINUTES', value: '60', isPublic: true },
  { key: 'DEFAULT_LOCALE', value: 'it', isPublic: true },
  { key: 'GOOGLE_RECAPTCHA_SITE_KEY', value: '', isPublic: true },
  { key: 'GOOGLE_RECAPTCHA_SECRET_KEY', value: '', isPublic: false },
  { key: 'RECAPTCHA_ENABLED', value: 'false', isPublic: true },
  {
    key: 'DEFAULT_ROBOTS',
    value: 'User-agent: *\nAllow: /\nDisallow: /account\nDisallow: /cart\nDisallow: /customers\nDisallow: /auth\nDisallow: /api/\nDisallow: /pgb-editor-preview',
    isPublic: true,
  },
  { key: 'DEFAULT_EXTRA_SCRIPT_HEAD', value: '', isPublic: true },
  { key: 'DEFAULT_EXTRA_SCRIPT', value: '', isPublic: true },
  { key: 'ECSYS_EXTRA_SCRIPT_HEAD', value: '', isPublic: true },
  { key: 'FREE_SHIPPING_CODE', value: 'SPEDIZIONEGRATIS', isPublic: true },
  { key: 'PAGE_BUILDER_SITE_KEY', value: 'vinoshop-demo', isPublic: true },
  { key: 'PAGE_BUILDER_URL', value: 'http://localhost:5173', isPublic: true },
  { key: 'SEASONS_ENABLED', value: 'false', isPublic: true },
  { key: 'CUSTOMER_SELECTION_ENFORCED', value: 'true', isPublic: true },
  // Toasts (spec section 8): "false" switches them all off; the kinds shown, comma separated.
  { key: 'TOAST_MESSAGES_ENABLED', value: 'true', isPublic: true },
  { key: 'TOAST_MESSAGE_KINDS', value: 'error,warning,success,info', isPublic: true },
  { key: 'SHOP_NAME', value: 'Vinoshop', isPublic: true },
  { key: 'SHOP_EMAIL', value: 'info@vinoshop.example', isPublic: true },
  { key: 'SHOP_PHONE', value: '+39 0173 000000', isPublic: true },
  { key: 'SHOP_ADDRESS', value: 'Via Alba 12, 12051 Alba (CN), Italia', isPublic: true },
  { key: 'SHOP_VAT_NUMBER', value: 'IT01234567890', isPublic: true },
  // Printed on invoices for payment by bank transfer.
  { key: 'SHOP_IBAN', value: 'IT60X0542811101000000123456', isPublic: true },
  { key: 'ORDER_PROCESSING_DAYS', value: '3', isPublic: true },
];

export async function seedSettings(db: Db) {
  await db.insert(systemSettings).values(DEFAULT_SETTINGS).onConflictDoNothing();
}

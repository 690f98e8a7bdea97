// Every call of the API (spec section 7) with its request schemas from the contract.
import * as v from 'valibot';
import { PageQuerySchema } from '../../../src/lib/contract/common';
import { CartRowBodySchema, CartRowPatchSchema, CartRowsQuerySchema, GetOrCreateBodySchema, GetOrCreateQuerySchema } from '../../../src/lib/contract/cart';
import {
  CategoryAncestorsQuerySchema, CategoryTreeQuerySchema, DocumentListQuerySchema, ProductCustomFieldsQuerySchema,
} from '../../../src/lib/contract/catalogue-extras';
import { CheckoutBodySchema, CheckoutInitBodySchema } from '../../../src/lib/contract/checkout';
import { OrderDocQuerySchema, OrderListQuerySchema, OrderRowsQuerySchema } from '../../../src/lib/contract/orders';
import { LiveValuesQuerySchema } from '../../../src/lib/contract/live-values';
import { VariantListQuerySchema, VariantQuerySchema } from '../../../src/lib/contract/product-detail';
import { PriceQuerySchema, ProductListQuerySchema, RelatedQuerySchema } from '../../../src/lib/contract/products';
import { CanvasListQuerySchema, CouponApplyBodySchema, CouponRemoveQuerySchema, PromotionListQuerySchema } from '../../../src/lib/contract/promotions';
import { ImportantProductsQuerySchema, ProductPagesQuerySchema } from '../../../src/lib/contract/site-pages';
import { ShippingPoliciesQuerySchema } from '../../../src/lib/contract/shop';
import type { Operation } from './operation';

const paged = v.object({ ...PageQuerySchema.entries, order_by: v.optional(v.string()) });

export const OPERATIONS: Operation[] = [
  // Catalogue
  { method: 'get', path: 'products/p/', tag: 'Catalogue', summary: 'Products: filters, full-text search, price range, ordering, paging.', access: 'optional', query: ProductListQuerySchema, answers: 'Paged<ProductSummary>', paged: true },
  { method: 'get', path: 'products/live/', tag: 'Catalogue', summary: 'Live values of 1 to 100 products (ids comma-separated or repeated): stock, availability and the price for the customer and season, with their variants. Published products only; unknown ids are left out. Cache-Control: public, max-age=5 without a customer, private, no-store with one.', access: 'optional', query: LiveValuesQuerySchema, answers: '{results: [{id, quantity, is_backorderable, stock_state, price: {standard_price, special_price, price}, variants: [{id, quantity, is_backorderable, stock_state, price}]}], count}', errors: { 403: 'Not allowed to act for that customer' } },
  { method: 'get', path: 'products/p/{slug}/', tag: 'Catalogue', summary: 'Product detail with assets, variants and stock.', access: 'public', pathParams: { slug: 'Product slug or code' }, answers: 'ProductDetail', errors: { 404: 'Product not found' } },
  { method: 'get', path: 'products/p/price/{code}/', tag: 'Catalogue', summary: 'The price for a customer and season: per-customer price, else special, else standard.', access: 'optional', pathParams: { code: 'Product code or slug' }, query: PriceQuerySchema, answers: '{product, code, standard_price, special_price, price, source, currency}', errors: { 403: 'Not allowed to act for that customer' } },
  { method: 'get', path: 'products/p/related/', tag: 'Catalogue', summary: 'Related products by kind (Related, Upselling, Crosselling, Spare parts, Showcase).', access: 'public', query: RelatedQuerySchema, answers: '{kind, results, count} or one group per kind', errors: { 404: 'Product not found' } },
  { method: 'get', path: 'site/product-pages/', tag: 'Catalogue', summary: 'Whole product pages in bulk for the page build and regeneration: detail and related products of up to 500 products per call, by id order (after, limit) or by ids.', access: 'public', query: ProductPagesQuerySchema, answers: '{results: [{product: ProductDetail, related: RelatedGroup[]}], count, next}' },
  { method: 'get', path: 'site/important-products/', tag: 'Catalogue', summary: 'Ids of the products a bounded build prerenders, most important first: bestsellers and new arrivals, offers, most ordered.', access: 'public', query: ImportantProductsQuerySchema, answers: '{results: number[], count}' },
  { method: 'get', path: 'products/p/assets/{id}/', tag: 'Catalogue', summary: "A product's images and files, by image number.", access: 'public', pathParams: { id: 'Product id' }, answers: 'Paged<Image>' },
  { method: 'get', path: 'products/pp/', tag: 'Catalogue', summary: 'Variants of a product.', access: 'public', query: VariantListQuerySchema, answers: 'Paged<Variant>', paged: true },
  { method: 'get', path: 'products/pp/{id}/', tag: 'Catalogue', summary: 'One variant with its product and custom fields.', access: 'public', pathParams: { id: 'Variant id' }, query: VariantQuerySchema, answers: 'Variant' },
  { method: 'get', path: 'products/pp/price/{id}/', tag: 'Catalogue', summary: 'The price of a variant for a customer and season.', access: 'optional', pathParams: { id: 'Variant id' }, query: PriceQuerySchema, answers: '{variant, code, standard_price, special_price, price, source, currency}' },
  { method: 'get', path: 'categories/menu/', tag: 'Catalogue', summary: 'Categories of one level (top without parent) with their children.', access: 'public', query: v.object({ taxonomy: v.optional(v.string()), parent: v.optional(v.string()) }), answers: 'Paged<CategoryMenuItem>', paged: true },

  { method: 'get', path: 'categories/tree/', tag: 'Catalogue', summary: 'The category tree of a taxonomy (default "Default"), whole or from a root.', access: 'public', query: CategoryTreeQuerySchema, answers: 'CategoryNode[]' },
  { method: 'get', path: 'categories/ancestors/', tag: 'Catalogue', summary: 'Ancestors of a category, root first.', access: 'public', query: CategoryAncestorsQuerySchema, answers: 'Paged<CategoryRef>', paged: true },
  { method: 'get', path: 'categories/{id}/', tag: 'Catalogue', summary: 'A category by id or slug, with parent, children, ancestors and product count.', access: 'public', pathParams: { id: 'Id or slug' }, answers: 'CategoryDetail' },
  { method: 'get', path: 'custom-fields/product/', tag: 'Catalogue', summary: 'Custom fields of products (type=p) or variants (type=pp) with their values.', access: 'public', query: ProductCustomFieldsQuerySchema, answers: 'Paged<CustomField>', paged: true },
  { method: 'get', path: 'custom-fields/user/', tag: 'Catalogue', summary: 'Custom fields of users.', access: 'public', answers: 'Paged<CustomField>', paged: true },
  { method: 'get', path: 'custom-fields/category/', tag: 'Catalogue', summary: 'Custom fields of categories (e.g. color).', access: 'public', answers: 'Paged<CustomField>', paged: true },
  { method: 'get', path: 'custom-fields/{id}/', tag: 'Catalogue', summary: 'One custom field with its values.', access: 'public', pathParams: { id: 'Custom field id' }, answers: 'CustomField' },

  // Cart, wishlist, coupons
  { method: 'post', path: 'carts/get-or-create/', tag: 'Cart', summary: "The customer's open cart for the context and season, created unless lazy.", access: 'user', query: GetOrCreateQuerySchema, body: GetOrCreateBodySchema, answers: 'CartHeader', errors: { 403: 'Not allowed to act for that customer' } },
  { method: 'get', path: 'carts/rows/', tag: 'Cart', summary: 'Rows of a cart with prices and available stock.', access: 'user', query: CartRowsQuerySchema, answers: 'Paged<CartRow>', paged: true },
  { method: 'post', path: 'carts/rows/', tag: 'Cart', summary: 'Add a product, or set its quantity when already there (0 or less removes it; for a product not there it changes nothing).', access: 'user', body: CartRowBodySchema, answers: '{row, removed, cart}', errors: { 400: 'negative_quantity | quantity_not_available' } },
  { method: 'patch', path: 'carts/row/{id}/', tag: 'Cart', summary: 'Set the quantity of a row (0 or less removes it).', access: 'user', pathParams: { id: 'Row id' }, body: CartRowPatchSchema, answers: '{row, removed, cart}', errors: { 400: 'negative_quantity | quantity_not_available' } },
  { method: 'delete', path: 'carts/row/{id}/', tag: 'Cart', summary: 'Remove a row.', access: 'user', pathParams: { id: 'Row id' }, answers: '{row, removed, cart}' },
  { method: 'post', path: 'promotions/coupons/apply/', tag: 'Cart', summary: 'Apply a coupon to a price or a cart. After 10 codes that are not valid in 15 minutes (per user and per address) every code is refused for the rest of the window.', access: 'user', body: CouponApplyBodySchema, answers: '{code, type, value, discount, final_price}', errors: { 400: 'The coupon is not valid.', 429: 'Too many attempts (Retry-After, seconds)' } },
  { method: 'delete', path: 'promotions/coupons/apply/', tag: 'Cart', summary: "Remove the coupon from a cart.", access: 'user', query: CouponRemoveQuerySchema, answers: 'CartHeader' },

  // Checkout and orders
  { method: 'post', path: 'checkout/init/', tag: 'Checkout', summary: 'What checkout needs: addresses, payment methods, shipping policies, the cart.', access: 'user', body: CheckoutInitBodySchema, answers: 'CheckoutInit' },
  { method: 'post', path: 'checkout/', tag: 'Checkout', summary: 'Place the order (one transaction; Idempotency-Key header makes retries safe).', access: 'user', body: CheckoutBodySchema, answers: '201 Order (200 with the same order on a retried key)', errors: { 400: 'Missing field, or Invalid order (empty cart)', 409: 'quantity_not_available, or the Idempotency-Key was already used for a different order' } },
  { method: 'get', path: 'orders/', tag: 'Orders', summary: "A customer's orders.", access: 'user', query: OrderListQuerySchema, answers: 'Paged<OrderSummary>', paged: true },
  { method: 'get', path: 'orders/rows/', tag: 'Orders', summary: 'Rows of an order.', access: 'user', query: OrderRowsQuerySchema, answers: 'Paged<OrderRow>', paged: true },
  { method: 'get', path: 'orders/doc/', tag: 'Orders', summary: 'A document of an order as PDF (invoice, delivery_note, order_confirmation).', access: 'user', query: OrderDocQuerySchema, answers: 'PDF', produces: 'application/pdf' },
  { method: 'get', path: 'orders/{id}/', tag: 'Orders', summary: 'An order with addresses, totals, status history and documents.', access: 'user', pathParams: { id: 'Order id' }, answers: 'OrderDetail' },
  { method: 'get', path: 'shop/payment-methods-b2b/', tag: 'Checkout', summary: 'Payment methods of the context (b2b includes "as per contract").', access: 'public', answers: 'Paged<PaymentMethod>', paged: true },
  { method: 'get', path: 'shop/payment-methods/', tag: 'Checkout', summary: 'Payment methods of the shop_context.', access: 'public', answers: 'Paged<PaymentMethod>', paged: true },
  { method: 'get', path: 'shop/shipping-policies/', tag: 'Checkout', summary: 'Shipping policies for an address, priced for a subtotal.', access: 'user', query: ShippingPoliciesQuerySchema, answers: 'Paged<ShippingPolicy>', paged: true },
  { method: 'get', path: 'shop/seasons/', tag: 'Checkout', summary: 'Active seasons.', access: 'public', answers: 'Paged<Season>', paged: true },

  // Content
  { method: 'get', path: 'promotions/', tag: 'Content', summary: 'Promotions running now for the context.', access: 'public', query: PromotionListQuerySchema, answers: 'Paged<Promotion>', paged: true },
  { method: 'get', path: 'promotions/all/', tag: 'Content', summary: 'All promotions.', access: 'public', query: PromotionListQuerySchema, answers: 'Paged<Promotion>', paged: true },
  { method: 'get', path: 'promotions/canvasses/', tag: 'Content', summary: 'Page-builder documents; with slug, the content page of that slug.', access: 'public', query: CanvasListQuerySchema, answers: 'Paged<Canvas>', paged: true },
  { method: 'get', path: 'promotions/canvasses/{id}/', tag: 'Content', summary: 'One page-builder document.', access: 'public', pathParams: { id: 'Canvas id' }, answers: 'Canvas' },
  { method: 'get', path: 'promotions/{id}/', tag: 'Content', summary: 'One promotion with its products and canvas.', access: 'public', pathParams: { id: 'Promotion id' }, answers: 'Promotion' },
  { method: 'get', path: 'documents/', tag: 'Content', summary: "Downloads: public documents and the customer's own.", access: 'optional', query: DocumentListQuerySchema, answers: 'Paged<ShopDocument>', paged: true },
  { method: 'get', path: 'documents/{id}/file/', tag: 'Content', summary: "Download a customer's own document (public ones redirect to /media).", access: 'optional', pathParams: { id: 'Document id' }, answers: 'The file', produces: 'application/pdf' },

  // Content
  { method: 'get', path: 'sliders/', tag: 'Content', summary: 'Sliders with their slides (code: home, home-en, home-es).', access: 'public', query: v.object({ code: v.optional(v.string()) }), answers: 'Paged<Slider>', paged: true },
  { method: 'get', path: 'blog/', tag: 'Content', summary: 'News, newest first.', access: 'public', query: paged, answers: 'Paged<BlogPostSummary>', paged: true },
  { method: 'get', path: 'blog/{id}/', tag: 'Content', summary: 'One news post by id or slug.', access: 'public', pathParams: { id: 'Id or slug' }, answers: 'BlogPost' },
  { method: 'get', path: 'config/system/{key}/', tag: 'Settings', summary: 'A public system setting by key.', access: 'public', pathParams: { key: 'Setting key, e.g. FREE_SHIPPING_CODE' }, answers: 'SystemSetting {key, value}', errors: { 404: 'Unknown setting.' } },
];

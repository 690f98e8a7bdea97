// Schemas and documentation of the catalogue and content calls (../routes/catalogue.ts).
import * as v from 'valibot';
import {
  CategoryAncestorsQuerySchema, CategoryDetailSchema, CategoryRefSchema, CategoryTreeNodeSchema, CategoryTreeQuerySchema, CustomFieldDefinitionSchema,
  DocumentListQuerySchema, ProductCustomFieldsQuerySchema, ShopDocumentSchema,
} from '../catalogue-extras';
import { IdSchema, PagedSchema } from '../common';
import {
  BlogListQuerySchema, BlogPostSchema, BlogPostSummarySchema, CategoryMenuItemSchema, CategoryMenuQuerySchema, PostKeySchema, SettingKeySchema,
  SliderQuerySchema, SliderSchema, SystemSettingSchema,
} from '../content';
import { LiveValuesAnswerSchema, LiveValuesQuerySchema } from '../live-values';
import type { SchemasFor } from '../operation';
import {
  ProductAssetSchema, ProductDetailSchema, VariantDetailSchema, VariantListQuerySchema, VariantPriceAnswerSchema, VariantQuerySchema,
} from '../product-detail';
import {
  PriceQuerySchema, ProductCodeSchema, ProductListQuerySchema, ProductPriceAnswerSchema, ProductSummarySchema, RelatedAnswerSchema, RelatedQuerySchema,
} from '../products';
import type { catalogueRoutes } from '../routes/catalogue';
import { PaymentMethodSchema, SeasonSchema, ShippingPoliciesQuerySchema, ShippingPolicySchema } from '../shop';
import { ImportantProductsQuerySchema, ProductPagesAnswerSchema, ProductPagesQuerySchema } from '../site-pages';

const ForCustomer = { 403: 'Not allowed to act for that customer' };
const IdParams = (description: string) => v.object({ id: v.pipe(IdSchema, v.description(description)) });

export const catalogueOperations = {
  getLiveValues: {
    tag: 'Catalogue', access: 'optional', query: LiveValuesQuerySchema, response: LiveValuesAnswerSchema, errors: ForCustomer,
    summary: 'Live values of 1 to 100 products (ids comma-separated or repeated): stock, availability and the price for the customer and season, with their variants. Published products only; unknown ids are left out. Cache-Control: public, max-age=5 without a customer, private, no-store with one.',
  },
  listProducts: {
    tag: 'Catalogue', summary: 'Products: filters, full-text search, price range, ordering, paging. A search without order_by is answered by relevance (relevance-desc: the exact article code, then names holding the words, then code prefixes, then the rest); without a search the default is name-asc.', access: 'optional',
    query: ProductListQuerySchema, response: PagedSchema(ProductSummarySchema), errors: ForCustomer,
  },
  getProductPrice: {
    tag: 'Catalogue', summary: 'The price for a customer and season: per-customer price, else special, else standard.', access: 'optional',
    params: v.object({ code: v.pipe(ProductCodeSchema, v.description('Product code or slug')) }), query: PriceQuerySchema, response: ProductPriceAnswerSchema,
    errors: { ...ForCustomer, 404: 'Product not found' },
  },
  listRelatedProducts: {
    tag: 'Catalogue', summary: 'Related products by kind (Related, Upselling, Crosselling, Spare parts, Showcase): {kind, results, count} with kind, else one group per kind.',
    access: 'optional', query: RelatedQuerySchema, response: RelatedAnswerSchema, errors: { ...ForCustomer, 404: 'Product not found' },
  },
  listProductAssets: {
    tag: 'Catalogue', summary: "A product's images and files, by image number.", access: 'public', params: IdParams('Product id'),
    response: PagedSchema(ProductAssetSchema), errors: { 404: 'Product not found' },
  },
  getProduct: {
    tag: 'Catalogue', summary: 'Product detail with assets, variants and stock.', access: 'public',
    params: v.object({ slug: v.pipe(ProductCodeSchema, v.description('Product slug or code')) }), response: ProductDetailSchema,
    errors: { 404: 'Product not found' },
  },
  listVariants: {
    tag: 'Catalogue', summary: 'Variants of a product.', access: 'optional', query: VariantListQuerySchema, response: PagedSchema(VariantDetailSchema),
    errors: { ...ForCustomer, 404: 'Product not found' },
  },
  getVariantPrice: {
    tag: 'Catalogue', summary: 'The price of a variant for a customer and season.', access: 'optional', params: IdParams('Variant id'), query: PriceQuerySchema,
    response: VariantPriceAnswerSchema, errors: ForCustomer,
  },
  getVariant: {
    tag: 'Catalogue', summary: 'One variant with its product and custom fields.', access: 'optional', params: IdParams('Variant id'), query: VariantQuerySchema,
    response: VariantDetailSchema, errors: ForCustomer,
  },
  listProductPages: {
    tag: 'Catalogue', access: 'public', query: ProductPagesQuerySchema, response: ProductPagesAnswerSchema,
    summary: 'Whole product pages in bulk for the page build and regeneration: detail and related products of up to 500 products per call, by id order (after, limit) or by ids.',
  },
  listImportantProducts: {
    tag: 'Catalogue', access: 'public', query: ImportantProductsQuerySchema, response: PagedSchema(v.number()),
    summary: 'Ids of the products a bounded build prerenders, most important first: bestsellers and new arrivals, offers, most ordered.',
  },
  getCategoryMenu: {
    tag: 'Catalogue', summary: 'Categories of one level (top without parent) with their children.', access: 'public', query: CategoryMenuQuerySchema,
    response: PagedSchema(CategoryMenuItemSchema), errors: { 404: 'No such parent category' },
  },
  getCategoryTree: {
    tag: 'Catalogue', summary: 'The category tree of a taxonomy (default "Default"), whole or from a root.', access: 'public', query: CategoryTreeQuerySchema,
    response: PagedSchema(CategoryTreeNodeSchema), errors: { 404: 'No such taxonomy or root' },
  },
  listCategoryAncestors: {
    tag: 'Catalogue', summary: 'Ancestors of a category, root first.', access: 'public', query: CategoryAncestorsQuerySchema,
    response: PagedSchema(v.object({ id: v.number(), slug: v.string(), name: v.string() })), errors: { 404: 'No such category' },
  },
  getCategory: {
    tag: 'Catalogue', summary: 'A category by id or slug, with parent, children, ancestors and product count.', access: 'public',
    params: v.object({ id: v.pipe(CategoryRefSchema, v.description('Id or slug')) }), response: CategoryDetailSchema,
  },
  listProductCustomFields: {
    tag: 'Catalogue', summary: 'Custom fields of products (type=p) or variants (type=pp) with their values.', access: 'public',
    query: ProductCustomFieldsQuerySchema, response: PagedSchema(CustomFieldDefinitionSchema),
  },
  listUserCustomFields: { tag: 'Catalogue', summary: 'Custom fields of users.', access: 'public', response: PagedSchema(CustomFieldDefinitionSchema) },
  listCategoryCustomFields: {
    tag: 'Catalogue', summary: 'Custom fields of categories (e.g. color).', access: 'public', response: PagedSchema(CustomFieldDefinitionSchema),
  },
  getCustomField: {
    tag: 'Catalogue', summary: 'One custom field with its values.', access: 'public', params: IdParams('Custom field id'),
    response: CustomFieldDefinitionSchema,
  },
  listDocuments: {
    tag: 'Content', summary: "Downloads: public documents and the customer's own.", access: 'optional', query: DocumentListQuerySchema,
    response: PagedSchema(ShopDocumentSchema), errors: ForCustomer,
  },
  downloadDocument: {
    tag: 'Content', summary: "Download a customer's own document, in its own file type (public ones redirect to /media).", access: 'optional',
    params: IdParams('Document id'), errors: { 401: "A customer's document, without signing in" },
  },
  listSliders: { tag: 'Content', summary: 'Sliders with their slides (code: home, home-en, home-es).', access: 'public', query: SliderQuerySchema, response: PagedSchema(SliderSchema) },
  listBlogPosts: { tag: 'Content', summary: 'News, newest first.', access: 'public', query: BlogListQuerySchema, response: PagedSchema(BlogPostSummarySchema) },
  getBlogPost: {
    tag: 'Content', summary: 'One news post by id or slug.', access: 'public', params: v.object({ key: v.pipe(PostKeySchema, v.description('Id or slug')) }),
    response: BlogPostSchema,
  },
  getSystemSetting: {
    tag: 'Settings', summary: 'A public system setting by key.', access: 'public',
    params: v.object({ key: v.pipe(SettingKeySchema, v.description('Setting key, e.g. FREE_SHIPPING_CODE')) }),
    response: SystemSettingSchema, errors: { 500: 'Unexpexted error (code SettingNotFound): no public setting has this key.' },
  },
  listPaymentMethodsB2b: {
    tag: 'Checkout', summary: 'Payment methods of the context (b2b includes "as per contract").', access: 'public',
    response: PagedSchema(PaymentMethodSchema),
  },
  listPaymentMethods: { tag: 'Checkout', summary: 'Payment methods of the shop_context.', access: 'public', response: PagedSchema(PaymentMethodSchema) },
  listSeasons: { tag: 'Checkout', summary: 'Active seasons.', access: 'public', response: PagedSchema(SeasonSchema) },
  listShippingPolicies: {
    tag: 'Checkout', summary: 'Shipping policies for an address, priced for a subtotal.', access: 'user', query: ShippingPoliciesQuerySchema,
    response: PagedSchema(ShippingPolicySchema),
  },
} satisfies SchemasFor<typeof catalogueRoutes>;

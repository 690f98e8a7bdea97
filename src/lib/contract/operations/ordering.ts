// Schemas and documentation of the ordering calls (../routes/ordering.ts).
import * as v from 'valibot';
import { IdSchema, PagedSchema } from '../common';
import type { SchemasFor } from '../operation';
import type { orderingRoutes } from '../routes/ordering';
import {
  WishlistGetOrCreateBodySchema, WishlistGetOrCreateQuerySchema, WishlistHeaderSchema, WishlistRowBodySchema, WishlistRowPatchSchema,
  WishlistRowSchema, WishlistRowsQuerySchema,
} from '../wishlist';

const RowIdParams = v.object({ id: v.pipe(IdSchema, v.description('Row id')) });

export const orderingOperations = {
  getOrCreateWishlist: {
    tag: 'Wishlist', summary: "The customer's wishlist, created unless lazy.", access: 'user',
    query: WishlistGetOrCreateQuerySchema, body: WishlistGetOrCreateBodySchema, response: WishlistHeaderSchema,
  },
  listWishlistRows: { tag: 'Wishlist', summary: 'Rows of a wishlist.', access: 'user', query: WishlistRowsQuerySchema, response: PagedSchema(WishlistRowSchema) },
  addWishlistRow: {
    tag: 'Wishlist', summary: 'Add a product with notes.', access: 'user', body: WishlistRowBodySchema, response: WishlistRowSchema,
    errors: { 400: 'Product already in the wishlist' },
  },
  updateWishlistRow: { tag: 'Wishlist', summary: 'Change the notes of a row.', access: 'user', params: RowIdParams, body: WishlistRowPatchSchema, response: WishlistRowSchema },
  deleteWishlistRow: { tag: 'Wishlist', summary: 'Remove a row.', access: 'user', params: RowIdParams },
} satisfies SchemasFor<typeof orderingRoutes>;

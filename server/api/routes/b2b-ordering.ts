// Quick order, bulk adds, saved lists and previously bought (issue 16). Placeholder handlers
// while the domain code is written.
import { apiError } from '../errors';
import { defineHandlers } from '../operation-routes';

const notYet = async (): Promise<never> => {
  throw apiError('Unexpected');
};

export const b2bOrderingHandlers = defineHandlers({
  validateQuickOrder: notYet,
  searchQuickOrder: notYet,
  addCartRowsBulk: notYet,
  listSavedLists: notYet,
  createSavedList: notYet,
  createSavedListFromCart: notYet,
  updateSavedListRow: notYet,
  deleteSavedListRow: notYet,
  getSavedList: notYet,
  renameSavedList: notYet,
  deleteSavedList: notYet,
  listSavedListRows: notYet,
  addSavedListRow: notYet,
  addSavedListRowsBulk: notYet,
  addSavedListToCart: notYet,
  listPurchasedProducts: notYet,
});

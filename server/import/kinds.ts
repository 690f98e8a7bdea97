// The kinds of import file, by the name the CLI takes. Kinds built elsewhere (stock, prices)
// register here too and get the same reading, dry run, transaction and summary.
import { addressKind } from './address-import';
import { categoryKind } from './category-import';
import { customerKind } from './customer-import';
import type { ImportKind } from './import-kind';
import { productKind } from './product-import';
import { seasonPriceKind } from './season-price-import';
import { userKind } from './user-import';

const registry = new Map<string, ImportKind>();

export function registerImportKind(kind: ImportKind) {
  if (registry.has(kind.name)) throw new Error(`import kind "${kind.name}" is registered twice`);
  registry.set(kind.name, kind);
}

export const importKind = (name: string): ImportKind | undefined => registry.get(name);
export const importKindNames = () => [...registry.keys()];

registerImportKind(categoryKind);
registerImportKind(productKind);
registerImportKind(customerKind);
registerImportKind(userKind);
registerImportKind(addressKind);
registerImportKind(seasonPriceKind);

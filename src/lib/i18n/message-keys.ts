// The keys of the message catalogues, as types only (no JSON reaches a bundle through this
// module): the Italian catalogue is the default locale's, so a key it lacks fails typecheck
// wherever a translate function is called, on the server, in Astro components and in islands.
import type account from '../../content/messages/account/it.json';
import type agent from '../../content/messages/agent/it.json';
import type auth from '../../content/messages/auth/it.json';
import type frame from '../../content/messages/it.json';
import type shop from '../../content/messages/shop/it.json';
import type signup from '../../content/messages/signup/it.json';
import type b2b from '../../content/messages/b2b/it.json';

/** The default locale's catalogue: the shape every locale's catalogue has. */
export type Catalogue = typeof frame & typeof auth & typeof shop & typeof account & typeof agent & typeof signup & typeof b2b;

type Leaves<Tree, Prefix extends string = ''> = {
  [K in keyof Tree & string]: Tree[K] extends string ? `${Prefix}${K}` : Leaves<Tree[K], `${Prefix}${K}.`>;
}[keyof Tree & string];

/** Every string's path in the catalogue, plural forms included ("listing.count_one"). */
export type MessagePath = Leaves<Catalogue>;

type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';

/** What a translate function takes: a path, or a plural message's path without its `_form`. */
export type MessageKey = MessagePath extends infer P ? (P extends `${infer Base}_${PluralSuffix}` ? Base : P) : never;

/** The top-level areas (frame, errors, shop, account, …), the unit pages hand islands. */
export type MessageArea = keyof Catalogue & string;

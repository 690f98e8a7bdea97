import type { Db } from '../db/client';
import type { Locale, ShopContext } from '../../src/lib/contract/common';

/** What the API needs from the process that hosts it. */
export interface ApiDeps {
  db: Db;
  /** Base URL of the public site, for links in mail and documents. */
  publicSiteUrl: string;
}

export interface ApiEnv {
  Variables: {
    deps: ApiDeps;
    locale: Locale;
    shopContext: ShopContext;
  };
}

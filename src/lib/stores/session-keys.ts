// Where the session is stored in the browser (spec section 9): a leaf module, so that the inline
// script of every page (header/session-hint.ts) names the same keys without the session store.
export const AUTH_TOKEN_KEY = 'AUTH_TOKEN';
export const AUTH_TOKEN_EXPIRE_KEY = 'AUTH_TOKEN_EXPIRE';
export const USERNAME_KEY = 'AUTH_USERNAME';
export const USER_KEY = 'SHOP_USER';
export const CUSTOMER_KEY = 'SHOP_CUSTOMER';
export const SEASON_KEY = 'SHOP_SEASON';

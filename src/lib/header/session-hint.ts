// The header's signed-in state from the first paint. Pages are the same static file for everyone
// and the header script (header-script.ts) is a module: on a slow network it runs seconds after
// the first paint, and until then a signed-in shopper saw "Sign in". This inline script runs
// while <head> is parsed, reads the stored token (ADR 0007) and marks <html>; the rules below
// show the account buttons for a marked page. The header script keeps the mark up to date
// afterwards (a token the API refused, another tab signing out).
//
// Its text is a constant so that the Content-Security-Policy allows it by hash (ADR 0013), and it
// must decide as sessionValidity (session.ts) does: session-hint.test.ts runs both on the same
// stored values.
import { AUTH_TOKEN_EXPIRE_KEY, AUTH_TOKEN_KEY, CUSTOMER_KEY, USER_KEY } from '../stores/session-keys';

export const SESSION_HINT_ATTRIBUTE = 'data-session';
/**
 * Set beside it for a business customer's user or an agent (issue 16): the quick-order link and
 * the account's business sections show from the first paint too, so nothing moves when they do.
 * An agent acting for a consumer gets no mark: the business tools answer 403 for consumers, so
 * offering them would only lead to "for business customers" (the same rule as accountView).
 */
export const TRADE_HINT_ATTRIBUTE = 'data-trade';

export const SESSION_HINT_SCRIPT =
  `(function(){try{var s=localStorage,t=s.getItem(${JSON.stringify(AUTH_TOKEN_KEY)}),e=Date.parse(s.getItem(${JSON.stringify(AUTH_TOKEN_EXPIRE_KEY)})||'');` +
  `if(t&&e>Date.now()){var d=document.documentElement;d.setAttribute(${JSON.stringify(SESSION_HINT_ATTRIBUTE)},'in');` +
  `var u=JSON.parse(s.getItem(${JSON.stringify(USER_KEY)})||'null'),c=JSON.parse(s.getItem(${JSON.stringify(CUSTOMER_KEY)})||'null');` +
  `if(u&&(u.is_agent?!(c&&c.kind!=='b2b'):(u.customer_profile&&u.customer_profile.kind==='b2b')))d.setAttribute(${JSON.stringify(TRADE_HINT_ATTRIBUTE)},'in')}}catch(_){}})();`;

/**
 * While the mark says "in", the sign-in link is hidden and the account and sign-out buttons shown,
 * whatever their `hidden` attribute says (author rules win over the browser's [hidden] rule).
 */
export const SESSION_HINT_STYLE =
  `html[${SESSION_HINT_ATTRIBUTE}=in] [data-shop-account]{display:none}` +
  `html[${SESSION_HINT_ATTRIBUTE}=in] [data-header-account][hidden],html[${SESSION_HINT_ATTRIBUTE}=in] [data-header-signout][hidden]{display:inline-flex}` +
  // The business-only parts are shown by this mark alone, in the header and the account's sections.
  `html[${TRADE_HINT_ATTRIBUTE}=in] [data-header-quick-order][hidden]{display:inline-flex}` +
  `html:not([${TRADE_HINT_ATTRIBUTE}=in]) [data-trade-only]{display:none}`;

/** The header script's answer once the session is known. */
export function markSession(root: Element, signedIn: boolean, trade = false): void {
  if (signedIn) root.setAttribute(SESSION_HINT_ATTRIBUTE, 'in');
  else root.removeAttribute(SESSION_HINT_ATTRIBUTE);
  if (signedIn && trade) root.setAttribute(TRADE_HINT_ATTRIBUTE, 'in');
  else root.removeAttribute(TRADE_HINT_ATTRIBUTE);
}

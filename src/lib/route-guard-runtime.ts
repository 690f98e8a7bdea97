// Runs the route guard on every page load (and again when the session changes, e.g. the server
// rejects the token or another tab signs out). Pages whose <html> has data-guard keep their main
// content hidden until this has decided, so protected content never flashes before a redirect.
import { CUSTOMERS_PATH, guardRedirect, isAuthPath, needsChosenCustomer } from './route-guard';
import { sessionStore } from './browser/storage';
import { customerSelectionEnforced, knownCustomerSelectionEnforced } from './stores/customer-selection';
import { $leavingFor } from './stores/page-exit';
import { $session, checkSession } from './stores/session';

/** The server is asked about the token at most this often per tab (not on every page view). */
export const SESSION_CHECK_INTERVAL_MS = 5 * 60 * 1000;
const LAST_CHECK_KEY = 'SHOP_SESSION_CHECKED_AT';

function checkNowAndThen(): void {
  const last = Number(sessionStore.getItem(LAST_CHECK_KEY)) || 0;
  if (Date.now() - last < SESSION_CHECK_INTERVAL_MS) return;
  sessionStore.setItem(LAST_CHECK_KEY, String(Date.now()));
  void checkSession();
}

/** Whether the decision depends on who the user is (agent or not), not only on the token. */
const needsUser = (path: string) => path.replace(/\/+$/, '') === CUSTOMERS_PATH || needsChosenCustomer(path.replace(/\/+$/, ''));

function decide(): boolean {
  const s = $session.get();
  if (s.reason === 'valid' && !s.user && needsUser(location.pathname)) {
    // A token without its user (stored by an older tab, or the user call failed): ask first.
    void checkSession().then(() => {
      if ($session.get().user || $session.get().reason !== 'valid') decide();
      else document.documentElement.dataset.guardReady = '';
    });
    return false;
  }
  const target = guardRedirect(location.pathname, location.search, {
    signedIn: s.reason === 'valid',
    isAgent: s.user?.is_agent === true,
    hasCustomer: s.customer !== null,
    enforceCustomerSelection: knownCustomerSelectionEnforced(),
  });
  if (target) {
    location.replace(target);
    return false;
  }
  document.documentElement.dataset.guardReady = '';
  return true;
}

export function startRouteGuard(): void {
  // On sign-in pages the sign-in flow itself goes on to ?next once the session exists.
  // A page on its way elsewhere (signing out) is left to go there.
  $session.listen(() => {
    if (!isAuthPath(location.pathname) && $leavingFor.get() === null) decide();
  });
  // Kept for the next decisions (12 hours); this one takes what is kept, or the default.
  if ($session.get().user?.is_agent) void customerSelectionEnforced();
  if (!decide()) return;
  // The local answer goes by the stored expiry; the server has the last word (and any call
  // that meets a 401 clears the session at once).
  if ($session.get().reason === 'valid') checkNowAndThen();
}

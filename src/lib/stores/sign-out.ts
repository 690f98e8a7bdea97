// Signing out from the header or the account page (spec sections 4 and 8): the token is cleared
// whatever the answer, the visitor goes to the home page, and a failed logout or logout-all says
// so there ("not authenticated" for a 401, "Unknown server error" otherwise).
import { failureMessageKey } from '../errors/api-messages';
import { keepToastForNextPage } from '../toasts/pending-toasts';
import { storeT } from './notify';
import { $leavingFor } from './page-exit';
import { logout } from './session';

export async function signOutAndLeave(options: { everywhere?: boolean } = {}, go: (path: string) => void = (path) => location.assign(path)): Promise<void> {
  // Said before the token goes: clearing it wakes the route guard, which would redirect too.
  $leavingFor.set('/');
  const result = await logout(options);
  if (!result.ok) keepToastForNextPage({ type: 'error', text: storeT()(failureMessageKey('logout', result.error)) });
  go('/');
}

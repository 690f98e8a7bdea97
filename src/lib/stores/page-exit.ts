// A page that leaves on purpose (signing out goes to the home page) must not also be sent
// elsewhere by the route guard on the way out: two navigations would race, and whichever the
// browser aborts decides where the shopper lands.
import { atom } from 'nanostores';

/** Where this page is going on its own, or null while it stays. */
export const $leavingFor = atom<string | null>(null);

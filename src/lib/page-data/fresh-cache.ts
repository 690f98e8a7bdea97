// How long an on-demand render is reused (Astro's route cache). Its own changes never hit an old
// entry (the change time is in its address); what it shows of other data (related products,
// menus) is at most FRESH_MAX_AGE_S + FRESH_SWR_S old: within the minute the shop promises.
export const FRESH_MAX_AGE_S = 30;
export const FRESH_SWR_S = 30;

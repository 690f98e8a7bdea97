// Data an attacker with write access to content (an editor account, an import) could plant,
// put in before the e2e build: the pages must render it harmless.
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { sliders, slides } from '../../server/db/schema';

/** A slide link that would run script on /home if it became an <a href>. */
export const HOSTILE_SLIDE_HREF = 'JaVaScRiPt:window.__slideScript=true';
export const HOSTILE_SLIDER = 'home';

/** The last slide of the Italian home slider gets the hostile link. */
export async function plantHostileSlide(db: Db): Promise<void> {
  const [slider] = await db.select({ id: sliders.id }).from(sliders).where(eq(sliders.code, HOSTILE_SLIDER));
  const [last] = await db.select({ id: slides.id }).from(slides).where(eq(slides.sliderId, slider!.id)).orderBy(desc(slides.position)).limit(1);
  await db.update(slides).set({ href: HOSTILE_SLIDE_HREF }).where(and(eq(slides.id, last!.id), eq(slides.sliderId, slider!.id)));
}

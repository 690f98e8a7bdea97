// Sliders of the home pages (sliders/): each with its slides in position order, localized.
import { asc, eq, inArray } from 'drizzle-orm';
import type { Locale } from '../../src/lib/contract/common';
import type { Slider } from '../../src/lib/contract/content';
import { pick } from '../catalogue/localized';
import type { Db } from '../db/client';
import { sliders, slides } from '../db/schema';

/** Every slider, or the one of `code`. */
export async function listSliders(db: Db, locale: Locale, code?: string): Promise<Slider[]> {
  const headers = await db.select().from(sliders).where(code ? eq(sliders.code, code) : undefined).orderBy(asc(sliders.id));
  const ids = headers.map((h) => h.id);
  const rows = ids.length ? await db.select().from(slides).where(inArray(slides.sliderId, ids)).orderBy(asc(slides.sliderId), asc(slides.position)) : [];
  return headers.map((h) => ({
    id: h.id,
    code: h.code,
    slides: rows
      .filter((s) => s.sliderId === h.id)
      .map((s) => ({
        id: s.id,
        title: pick(s.title, locale),
        subtitle: pick(s.subtitle, locale),
        cta_label: pick(s.ctaLabel, locale),
        href: s.href,
        image: { url: s.image, alt: pick(s.title, locale), width: 1600, height: 640 },
        color: s.color,
      })),
  }));
}

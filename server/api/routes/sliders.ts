import { asc, eq, inArray } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { ContextQuerySchema } from '../../../src/lib/contract/common';
import type { Slider } from '../../../src/lib/contract/content';
import { pick } from '../../catalogue/localized';
import { sliders, slides } from '../../db/schema';
import type { ApiEnv } from '../context';
import { parseQuery } from '../validation';

export const sliderRoutes = new Hono<ApiEnv>({ strict: false });

const SliderQuerySchema = v.object({
  ...ContextQuerySchema.entries,
  code: v.optional(v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,60}$/, 'Invalid slider code.'))),
});

sliderRoutes.get('/', async (c) => {
  const q = parseQuery(c, SliderQuerySchema);
  const { db } = c.get('deps');
  const locale = c.get('locale');
  const headers = await db.select().from(sliders).where(q.code ? eq(sliders.code, q.code) : undefined).orderBy(asc(sliders.id));
  const ids = headers.map((h) => h.id);
  const rows = ids.length
    ? await db.select().from(slides).where(inArray(slides.sliderId, ids)).orderBy(asc(slides.sliderId), asc(slides.position))
    : [];
  const results: Slider[] = headers.map((h) => ({
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
  return c.json({ results, count: results.length });
});

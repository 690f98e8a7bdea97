// Content of the shop API: sliders, news (blog/), the category menu and public system settings.
import * as v from 'valibot';
import { ContextQuerySchema, IdSchema, PageQuerySchema } from './common';
import { DEFAULT_TAXONOMY } from './catalogue-extras';
import { ImageSchema } from './products';

/** GET sliders/: all sliders, or the one of `code` (home, home-en, home-es). */
export const SliderQuerySchema = v.object({
  ...ContextQuerySchema.entries,
  code: v.optional(v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,60}$/, 'Invalid slider code.'))),
});

export const SlideSchema = v.object({
  id: v.number(),
  title: v.string(),
  subtitle: v.string(),
  cta_label: v.string(),
  href: v.string(),
  image: ImageSchema,
  color: v.string(),
});
export type Slide = v.InferOutput<typeof SlideSchema>;

export const SliderSchema = v.object({
  id: v.number(),
  code: v.string(),
  slides: v.array(SlideSchema),
});
export type Slider = v.InferOutput<typeof SliderSchema>;

/** GET blog/: published news, newest first. */
export const BlogListQuerySchema = v.object({ ...ContextQuerySchema.entries, ...PageQuerySchema.entries });

/** blog/{key}/: a post by numeric id or by slug. */
export const PostKeySchema = v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,160}$/, 'Invalid post id or slug.'));

export const BlogPostSummarySchema = v.object({
  id: v.number(),
  slug: v.string(),
  title: v.string(),
  excerpt: v.string(),
  image: v.nullable(ImageSchema),
  published_at: v.string(),
});
export type BlogPostSummary = v.InferOutput<typeof BlogPostSummarySchema>;

export const BlogPostSchema = v.object({ ...BlogPostSummarySchema.entries, body: v.string() });
export type BlogPost = v.InferOutput<typeof BlogPostSchema>;

/** GET categories/menu/: one level (the top without `parent`), each entry with its children. */
export const CategoryMenuQuerySchema = v.object({
  ...ContextQuerySchema.entries,
  taxonomy: v.optional(v.pipe(v.string(), v.maxLength(60)), DEFAULT_TAXONOMY),
  parent: v.optional(IdSchema),
});

const categoryMenuEntries = {
  id: v.number(),
  slug: v.string(),
  name: v.string(),
  color: v.nullable(v.string()),
  parent_id: v.nullable(v.number()),
  has_children: v.boolean(),
};

/** The menu shows two levels: an entry of the asked level has `children`, a child has none. */
export const CategoryMenuItemSchema = v.object({
  ...categoryMenuEntries,
  children: v.optional(v.array(v.object(categoryMenuEntries))),
});
export type CategoryMenuItem = v.InferOutput<typeof CategoryMenuItemSchema>;

/** config/system/{key}/: setting keys are upper case ("FREE_SHIPPING_CODE"). */
export const SettingKeySchema = v.pipe(v.string(), v.regex(/^[A-Z0-9_]{1,80}$/, 'Invalid setting key.'));

export const SystemSettingSchema = v.object({ key: v.string(), value: v.string() });
export type SystemSetting = v.InferOutput<typeof SystemSettingSchema>;

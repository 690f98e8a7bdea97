-- Any change to a product, category, news post or content page, however it is made (API,
-- admin tool, plain SQL), moves its change time, so the server can serve the page fresh
-- instead of its prerendered copy without a rebuild.
CREATE OR REPLACE FUNCTION shop_touch_write_date() RETURNS trigger AS $$
BEGIN
  NEW.write_date := now();
  RETURN NEW;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION shop_touch_updated_at() RETURNS trigger AS $$
BEGIN
  NEW.updated_at := now();
  RETURN NEW;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION shop_touch_parent_product() RETURNS trigger AS $$
BEGIN
  UPDATE products SET write_date = now() WHERE id = COALESCE(NEW.product_id, OLD.product_id);
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION shop_touch_parent_category() RETURNS trigger AS $$
BEGIN
  UPDATE categories SET updated_at = now() WHERE id = COALESCE(NEW.category_id, OLD.category_id);
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION shop_touch_parent_post() RETURNS trigger AS $$
BEGIN
  UPDATE blog_posts SET updated_at = now() WHERE id = COALESCE(NEW.post_id, OLD.post_id);
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER products_touch BEFORE UPDATE ON products FOR EACH ROW EXECUTE FUNCTION shop_touch_write_date();
--> statement-breakpoint
CREATE TRIGGER categories_touch BEFORE UPDATE ON categories FOR EACH ROW EXECUTE FUNCTION shop_touch_updated_at();
--> statement-breakpoint
CREATE TRIGGER blog_posts_touch BEFORE UPDATE ON blog_posts FOR EACH ROW EXECUTE FUNCTION shop_touch_updated_at();
--> statement-breakpoint
CREATE TRIGGER page_documents_touch BEFORE UPDATE ON page_documents FOR EACH ROW EXECUTE FUNCTION shop_touch_updated_at();
--> statement-breakpoint
CREATE TRIGGER product_translations_touch AFTER INSERT OR UPDATE OR DELETE ON product_translations FOR EACH ROW EXECUTE FUNCTION shop_touch_parent_product();
--> statement-breakpoint
CREATE TRIGGER assets_touch AFTER INSERT OR UPDATE OR DELETE ON assets FOR EACH ROW EXECUTE FUNCTION shop_touch_parent_product();
--> statement-breakpoint
CREATE TRIGGER variants_touch AFTER INSERT OR UPDATE OR DELETE ON variants FOR EACH ROW EXECUTE FUNCTION shop_touch_parent_product();
--> statement-breakpoint
CREATE TRIGGER category_translations_touch AFTER INSERT OR UPDATE OR DELETE ON category_translations FOR EACH ROW EXECUTE FUNCTION shop_touch_parent_category();
--> statement-breakpoint
CREATE TRIGGER blog_post_translations_touch AFTER INSERT OR UPDATE OR DELETE ON blog_post_translations FOR EACH ROW EXECUTE FUNCTION shop_touch_parent_post();
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS categories_updated_idx ON categories (updated_at);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS blog_posts_updated_idx ON blog_posts (updated_at);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS page_documents_updated_idx ON page_documents (updated_at);

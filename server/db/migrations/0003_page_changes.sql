-- Static pages follow content, not stock (ADR 0008). Every change to what a page shows is noted
-- in page_changes, whoever makes it (API, import, plain SQL); the server regenerates the files of
-- the pages concerned in the background. A sale changes only quantities: it moves no change time
-- and notes nothing, so product pages stay static files while stock comes from the live call.
CREATE TABLE IF NOT EXISTS page_changes (
  id bigserial PRIMARY KEY,
  kind text NOT NULL,
  ref_id integer,
  slug text,
  changed_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS page_changes_changed_idx ON page_changes (changed_at);
--> statement-breakpoint
-- How far the regeneration has rendered page_changes (last_id), for the build being served
-- (build_id). An instance claims the next range with a compare-and-set and a lease (claim_to,
-- claim_expires), so each change is rendered by one instance only, and by another one if the
-- first dies before it is done; the first instance of a new build moves it back to what that
-- build read.
CREATE TABLE IF NOT EXISTS page_regen_cursor (
  id smallint PRIMARY KEY,
  last_id bigint NOT NULL DEFAULT 0,
  build_id text,
  claim_to bigint,
  claim_expires timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
INSERT INTO page_regen_cursor (id, last_id) VALUES (1, 0) ON CONFLICT (id) DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION shop_note_change(p_kind text, p_ref integer, p_slug text) RETURNS void AS $$
BEGIN
  INSERT INTO page_changes (kind, ref_id, slug) VALUES (p_kind, p_ref, p_slug);
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
-- A product's change time moves with its content only: an update that changes the quantity and
-- nothing else a page shows keeps it (drizzle's $onUpdate sets write_date on every update).
CREATE OR REPLACE FUNCTION shop_touch_write_date() RETURNS trigger AS $$
BEGIN
  IF OLD.quantity IS DISTINCT FROM NEW.quantity
     AND (OLD.code, OLD.slug, OLD.brand, OLD.standard_price, OLD.special_price, OLD.vat_rate, OLD.is_backorderable, OLD.unit, OLD.weight_kg, OLD.is_published)
         IS NOT DISTINCT FROM
         (NEW.code, NEW.slug, NEW.brand, NEW.standard_price, NEW.special_price, NEW.vat_rate, NEW.is_backorderable, NEW.unit, NEW.weight_kg, NEW.is_published) THEN
    NEW.write_date := OLD.write_date;
  ELSE
    NEW.write_date := now();
  END IF;
  RETURN NEW;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
-- One note per product and transaction: later touches in the same transaction keep now().
CREATE OR REPLACE FUNCTION shop_note_product() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM shop_note_change('product', OLD.id, OLD.slug);
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM shop_note_change('product', NEW.id, NEW.slug);
  ELSIF NEW.write_date IS DISTINCT FROM OLD.write_date THEN
    PERFORM shop_note_change('product', NEW.id, NEW.slug);
    IF NEW.slug IS DISTINCT FROM OLD.slug THEN PERFORM shop_note_change('product', NEW.id, OLD.slug); END IF;
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER products_note AFTER INSERT OR UPDATE OR DELETE ON products FOR EACH ROW EXECUTE FUNCTION shop_note_product();
--> statement-breakpoint
-- A variant whose quantity alone changed does not touch its product.
CREATE OR REPLACE FUNCTION shop_touch_variant_parent() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND (OLD.product_id, OLD.code, OLD.name, OLD.standard_price, OLD.special_price, OLD.is_backorderable, OLD.position)
         IS NOT DISTINCT FROM
         (NEW.product_id, NEW.code, NEW.name, NEW.standard_price, NEW.special_price, NEW.is_backorderable, NEW.position) THEN
    RETURN NULL;
  END IF;
  UPDATE products SET write_date = now() WHERE id = COALESCE(NEW.product_id, OLD.product_id);
  IF TG_OP = 'UPDATE' AND NEW.product_id IS DISTINCT FROM OLD.product_id THEN
    UPDATE products SET write_date = now() WHERE id = OLD.product_id;
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER IF EXISTS variants_touch ON variants;
--> statement-breakpoint
CREATE TRIGGER variants_touch AFTER INSERT OR UPDATE OR DELETE ON variants FOR EACH ROW EXECUTE FUNCTION shop_touch_variant_parent();
--> statement-breakpoint
CREATE TRIGGER product_categories_touch AFTER INSERT OR UPDATE OR DELETE ON product_categories FOR EACH ROW EXECUTE FUNCTION shop_touch_parent_product();
--> statement-breakpoint
-- The category that loses or gains a product lists it on its page.
CREATE OR REPLACE FUNCTION shop_note_product_category() RETURNS trigger AS $$
BEGIN
  PERFORM shop_note_change('category', COALESCE(NEW.category_id, OLD.category_id), NULL);
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER product_categories_note AFTER INSERT OR UPDATE OR DELETE ON product_categories FOR EACH ROW EXECUTE FUNCTION shop_note_product_category();
--> statement-breakpoint
CREATE TRIGGER product_relations_touch AFTER INSERT OR UPDATE OR DELETE ON product_relations FOR EACH ROW EXECUTE FUNCTION shop_touch_parent_product();
--> statement-breakpoint
CREATE TRIGGER product_custom_values_touch AFTER INSERT OR UPDATE OR DELETE ON product_custom_values FOR EACH ROW EXECUTE FUNCTION shop_touch_parent_product();
--> statement-breakpoint
-- Rows with a slug and an updated_at (categories, news posts): the kind is the trigger's argument.
CREATE OR REPLACE FUNCTION shop_note_dated_row() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM shop_note_change(TG_ARGV[0], OLD.id, OLD.slug);
  ELSIF TG_OP = 'INSERT' OR NEW.updated_at IS DISTINCT FROM OLD.updated_at THEN
    PERFORM shop_note_change(TG_ARGV[0], NEW.id, NEW.slug);
    IF TG_OP = 'UPDATE' AND NEW.slug IS DISTINCT FROM OLD.slug THEN PERFORM shop_note_change(TG_ARGV[0], NEW.id, OLD.slug); END IF;
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER categories_note AFTER INSERT OR UPDATE OR DELETE ON categories FOR EACH ROW EXECUTE FUNCTION shop_note_dated_row('category');
--> statement-breakpoint
CREATE TRIGGER category_custom_values_touch AFTER INSERT OR UPDATE OR DELETE ON category_custom_values FOR EACH ROW EXECUTE FUNCTION shop_touch_parent_category();
--> statement-breakpoint
CREATE TRIGGER blog_posts_note AFTER INSERT OR UPDATE OR DELETE ON blog_posts FOR EACH ROW EXECUTE FUNCTION shop_note_dated_row('post');
--> statement-breakpoint
CREATE OR REPLACE FUNCTION shop_note_page() RETURNS trigger AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.slug IS NOT NULL AND (TG_OP = 'DELETE' OR NEW.slug IS DISTINCT FROM OLD.slug) THEN
    PERFORM shop_note_change('page', OLD.id, OLD.slug);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.slug IS NOT NULL THEN PERFORM shop_note_change('page', NEW.id, NEW.slug); END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER page_documents_note AFTER INSERT OR UPDATE OR DELETE ON page_documents FOR EACH ROW EXECUTE FUNCTION shop_note_page();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION shop_note_home() RETURNS trigger AS $$
BEGIN
  PERFORM shop_note_change('home', NULL, NULL);
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER sliders_note AFTER INSERT OR UPDATE OR DELETE ON sliders FOR EACH STATEMENT EXECUTE FUNCTION shop_note_home();
--> statement-breakpoint
CREATE TRIGGER slides_note AFTER INSERT OR UPDATE OR DELETE ON slides FOR EACH STATEMENT EXECUTE FUNCTION shop_note_home();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION shop_note_setting() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM shop_note_change('setting', NULL, OLD.key);
  ELSIF TG_OP = 'INSERT' OR NEW.value IS DISTINCT FROM OLD.value THEN
    PERFORM shop_note_change('setting', NULL, NEW.key);
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER system_settings_note AFTER INSERT OR UPDATE OR DELETE ON system_settings FOR EACH ROW EXECUTE FUNCTION shop_note_setting();

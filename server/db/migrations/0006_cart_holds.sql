-- Stock held by cart rows expires (ADR 0016): a row holds its units only while held_until is in
-- the future; adding or changing the row sets it to now + CART_HOLD_MINUTES, and the cart's next
-- read re-checks an expired row. Rows already stored start expired: they hold nothing until
-- their cart is read again, which renews them when the stock still allows.
ALTER TABLE cart_rows ADD COLUMN IF NOT EXISTS held_until timestamptz NOT NULL DEFAULT now();
--> statement-breakpoint
-- The held-stock sum reads the fresh rows of some products.
CREATE INDEX IF NOT EXISTS cart_rows_product_held_idx ON cart_rows (product_id, held_until);
--> statement-breakpoint
INSERT INTO system_settings (key, value, is_public) VALUES ('CART_HOLD_MINUTES', '60', true) ON CONFLICT (key) DO NOTHING;
--> statement-breakpoint
-- The demo's offers pages listed full-price products as offers: their product strips now ask for
-- products on offer only (offer price below list price), in every locale. A no-op on a fresh
-- database, whose seed already says so.
UPDATE page_documents d
SET blocks = (
  SELECT jsonb_object_agg(l.locale, COALESCE((
    SELECT jsonb_agg(CASE WHEN b.block->>'type' = 'products' THEN b.block || '{"onOffer": true}'::jsonb ELSE b.block END ORDER BY b.n)
    FROM jsonb_array_elements(l.list) WITH ORDINALITY AS b(block, n)
  ), '[]'::jsonb))
  FROM jsonb_each(d.blocks) AS l(locale, list)
)
WHERE d.kind = 'page' AND d.slug IN ('offerte', 'offerte-stagionali');

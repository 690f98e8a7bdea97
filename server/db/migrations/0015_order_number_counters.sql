-- Order numbers come from a counter row per year (issue 17): one short statement of its own,
-- before the checkout transaction, so checkouts neither queue on a lock held until they commit
-- nor read the year's orders to find the last number. A checkout that then fails leaves a gap,
-- which order numbers may have (invoices, which may not, keep their own gapless counter: 0007).
CREATE TABLE IF NOT EXISTS "order_number_counters" (
  "year" integer PRIMARY KEY,
  "last" integer NOT NULL
);
--> statement-breakpoint
INSERT INTO order_number_counters (year, last)
  SELECT substring(number from 1 for 4)::int, max(substring(number from 6)::bigint)::int
  FROM orders WHERE number ~ '^[0-9]{4}-[0-9]{1,9}$'
  GROUP BY 1
ON CONFLICT (year) DO UPDATE SET last = greatest(order_number_counters.last, excluded.last);
--> statement-breakpoint
-- An order written with its own number (the demo seed, an import, plain SQL) moves the counter
-- past it, so the next checkout cannot collide. A number the counter gave out matches no row of
-- the UPDATE (nothing is locked) and conflicts in the INSERT (nothing is written).
CREATE OR REPLACE FUNCTION shop_order_number_seen() RETURNS trigger AS $$
DECLARE
  y integer;
  n integer;
BEGIN
  IF NEW.number !~ '^[0-9]{4}-[0-9]{1,9}$' THEN
    RETURN NULL;
  END IF;
  y := substring(NEW.number from 1 for 4)::int;
  n := substring(NEW.number from 6)::int;
  UPDATE order_number_counters SET last = n WHERE year = y AND last < n;
  IF NOT FOUND THEN
    INSERT INTO order_number_counters (year, last) VALUES (y, n) ON CONFLICT (year) DO NOTHING;
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER IF EXISTS orders_number_seen ON orders;
--> statement-breakpoint
CREATE TRIGGER orders_number_seen AFTER INSERT ON orders FOR EACH ROW EXECUTE FUNCTION shop_order_number_seen();

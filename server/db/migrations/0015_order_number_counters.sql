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
-- Orders written with their own numbers (the demo seed, an import, plain SQL) move the counter
-- past them, so the next checkout cannot collide: once per statement, however many rows it
-- wrote. A number the counter gave out matches no row of the UPDATE (nothing is locked) and
-- conflicts in the INSERT (nothing is written).
CREATE OR REPLACE FUNCTION shop_order_numbers_seen() RETURNS trigger AS $$
BEGIN
  WITH seen AS (
    SELECT substring(number from 1 for 4)::int AS year, max(substring(number from 6)::int) AS last
    FROM inserted WHERE number ~ '^[0-9]{4}-[0-9]{1,9}$'
    GROUP BY 1
  ), moved AS (
    UPDATE order_number_counters c SET last = seen.last FROM seen
    WHERE c.year = seen.year AND c.last < seen.last
    RETURNING c.year
  )
  INSERT INTO order_number_counters (year, last)
    SELECT year, last FROM seen WHERE year NOT IN (SELECT year FROM moved)
  ON CONFLICT (year) DO NOTHING;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER orders_numbers_seen AFTER INSERT ON orders REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION shop_order_numbers_seen();

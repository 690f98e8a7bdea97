-- Coupon terms in data (ADR 0015): what the shop publishes about a code (first order only, once
-- per customer, for one kind of customer) is a column, checked when the code is applied and again
-- at checkout. min_order, valid_from and valid_to already exist.
ALTER TABLE coupons ADD COLUMN IF NOT EXISTS first_order_only boolean NOT NULL DEFAULT false;
--> statement-breakpoint
ALTER TABLE coupons ADD COLUMN IF NOT EXISTS once_per_customer boolean NOT NULL DEFAULT false;
--> statement-breakpoint
ALTER TABLE coupons ADD COLUMN IF NOT EXISTS customer_kind text;
--> statement-breakpoint
ALTER TABLE coupons DROP CONSTRAINT IF EXISTS coupons_customer_kind_check;
--> statement-breakpoint
ALTER TABLE coupons ADD CONSTRAINT coupons_customer_kind_check CHECK (customer_kind IS NULL OR customer_kind IN ('b2b', 'b2c'));
--> statement-breakpoint
-- One row per use of a coupon by a customer at checkout. The unique index is what keeps "once per
-- customer" true when two checkouts of the same customer run at once: the second insert waits
-- for the first transaction and then finds the row.
CREATE TABLE IF NOT EXISTS coupon_redemptions (
  id serial PRIMARY KEY,
  coupon_id integer NOT NULL REFERENCES coupons(id) ON DELETE CASCADE,
  customer_id integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  order_id integer REFERENCES orders(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS coupon_redemptions_once_uq ON coupon_redemptions (coupon_id, customer_id);

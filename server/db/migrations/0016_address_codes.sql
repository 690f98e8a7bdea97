-- Addresses get a business key (issue 15, the addresses import): `code`, unique per customer, so
-- an import file names an address the same way every time and the same file twice changes
-- nothing. Addresses written in the address book have none (the import never touches them);
-- those already in the shop are numbered per customer and type: billing-1, shipping-1, shipping-2.
ALTER TABLE "addresses" ADD COLUMN IF NOT EXISTS "code" text;
--> statement-breakpoint
UPDATE addresses a SET code = n.code
  FROM (SELECT id, lower(type) || '-' || row_number() OVER (PARTITION BY customer_id, type ORDER BY id) AS code FROM addresses) n
  WHERE a.id = n.id AND a.code IS NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "addresses_customer_code_uq" ON "addresses" USING btree ("customer_id", "code");

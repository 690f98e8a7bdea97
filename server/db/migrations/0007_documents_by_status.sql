-- Order documents follow the order's status, whoever changes it (checkout, ERP, plain SQL):
-- the confirmation at once, the delivery note (DDT) when goods leave, the invoice when they
-- leave or money goes back (ADR 0017). Invoice numbers are gapless per year, as Italian
-- invoices must be: a counter row per year, bumped under its row lock in the issuing
-- transaction, so a rolled-back order gives its number back and concurrent ones queue.
CREATE TABLE IF NOT EXISTS "document_counters" (
  "type" text NOT NULL,
  "year" integer NOT NULL,
  "last" integer NOT NULL,
  CONSTRAINT "document_counters_pk" PRIMARY KEY ("type", "year")
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION shop_issue_order_documents(o orders) RETURNS void AS $$
DECLARE
  yr integer := extract(year from now())::int;
  seq integer;
BEGIN
  INSERT INTO order_documents (order_id, type, number, issued_at)
    VALUES (o.id, 'order_confirmation', o.number, o.created_at)
    ON CONFLICT (order_id, type) DO NOTHING;
  IF o.status IN ('Shipped', 'Partially shipped', 'Completed') THEN
    INSERT INTO order_documents (order_id, type, number, issued_at)
      VALUES (o.id, 'delivery_note', 'DDT-' || o.number, now())
      ON CONFLICT (order_id, type) DO NOTHING;
  END IF;
  IF o.status IN ('Shipped', 'Partially shipped', 'Completed', 'Refunded', 'Partially refunded')
     AND NOT EXISTS (SELECT 1 FROM order_documents d WHERE d.order_id = o.id AND d.type = 'invoice') THEN
    INSERT INTO document_counters (type, year, last) VALUES ('invoice', yr, 1)
      ON CONFLICT (type, year) DO UPDATE SET last = document_counters.last + 1
      RETURNING last INTO seq;
    INSERT INTO order_documents (order_id, type, number, issued_at)
      VALUES (o.id, 'invoice', 'FT-' || yr || '-' || lpad(seq::text, 6, '0'), now());
  END IF;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION shop_order_documents_trigger() RETURNS trigger AS $$
BEGIN
  PERFORM shop_issue_order_documents(NEW);
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER IF EXISTS orders_issue_documents ON orders;
--> statement-breakpoint
CREATE TRIGGER orders_issue_documents AFTER INSERT OR UPDATE OF status ON orders
  FOR EACH ROW EXECUTE FUNCTION shop_order_documents_trigger();
--> statement-breakpoint
-- Orders placed before: checkout issued all three documents at once. Withdraw those their
-- status does not warrant, renumber the invoices that stay into the yearly sequence (in issue
-- order, through temporary numbers so no two collide on the way), and issue what is missing.
DELETE FROM order_documents d USING orders o
  WHERE d.order_id = o.id
    AND ((d.type = 'delivery_note' AND o.status NOT IN ('Shipped', 'Partially shipped', 'Completed'))
      OR (d.type = 'invoice' AND o.status NOT IN ('Shipped', 'Partially shipped', 'Completed', 'Refunded', 'Partially refunded')));
--> statement-breakpoint
UPDATE order_documents SET number = 'renumbering-' || id WHERE type = 'invoice';
--> statement-breakpoint
UPDATE order_documents d SET number = 'FT-' || r.yr || '-' || lpad(r.seq::text, 6, '0')
  FROM (
    SELECT id, extract(year from issued_at)::int AS yr,
           row_number() OVER (PARTITION BY extract(year from issued_at) ORDER BY issued_at, id) AS seq
    FROM order_documents WHERE type = 'invoice'
  ) r
  WHERE d.id = r.id;
--> statement-breakpoint
INSERT INTO document_counters (type, year, last)
  SELECT 'invoice', extract(year from issued_at)::int, count(*) FROM order_documents WHERE type = 'invoice'
  GROUP BY extract(year from issued_at)
  ON CONFLICT (type, year) DO UPDATE SET last = GREATEST(document_counters.last, EXCLUDED.last);
--> statement-breakpoint
SELECT shop_issue_order_documents(o) FROM orders o ORDER BY o.created_at, o.id;

-- A business customer's contract payment terms are read by the customer at checkout, so they
-- have a text per locale like every other label the shopper reads (ADR 0003: jsonb {it, en, es},
-- read with a fallback to Italian). The single-language text already stored becomes the Italian
-- (default locale) text; an empty one becomes NULL (no terms). Run twice, it changes nothing.
DO $$
BEGIN
  IF (SELECT data_type FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = 'customers' AND column_name = 'payment_terms') = 'text' THEN
    ALTER TABLE customers ALTER COLUMN payment_terms TYPE jsonb
      USING CASE WHEN payment_terms IS NULL OR btrim(payment_terms) = '' THEN NULL
                 ELSE jsonb_build_object('it', payment_terms) END;
  END IF;
END $$;
--> statement-breakpoint
-- The Italian text is the fallback of every other locale, so it must be there.
ALTER TABLE customers DROP CONSTRAINT IF EXISTS customers_payment_terms_it_check;
--> statement-breakpoint
ALTER TABLE customers ADD CONSTRAINT customers_payment_terms_it_check
  CHECK (payment_terms IS NULL OR coalesce(jsonb_typeof(payment_terms -> 'it') = 'string', false));

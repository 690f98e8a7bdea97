-- Orders out to the ERP (issue 15, ADR 0029): a signed webhook per placed order goes through the
-- same outbox as mail. The checkout writes one row (kind 'order-webhook', ref_id = the order,
-- delivery_id = a fresh UUID the receiver dedupes by); the webhook worker builds the JSON body at
-- its first attempt and keeps it in payload, so every retry sends the same bytes under the same
-- signature. payload is blanked once the row is sent.
ALTER TABLE mail_outbox ADD COLUMN IF NOT EXISTS delivery_id uuid;
--> statement-breakpoint
ALTER TABLE mail_outbox ADD COLUMN IF NOT EXISTS payload text;

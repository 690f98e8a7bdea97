-- Mail goes through an outbox (ADR 0010): the request that causes a mail writes a row here in its
-- own transaction; a background worker in each server instance claims due rows (FOR UPDATE SKIP
-- LOCKED plus a lease in locked_until, so a crashed instance's claim is taken again), sends them
-- and records the outcome. Order and contact mails are built at send time from kind + ref_id +
-- locale; a password-reset mail carries its rendered text (the code exists nowhere else in
-- clear), blanked once the row is sent, failed or past expires_at.
CREATE TABLE IF NOT EXISTS mail_outbox (
  id bigserial PRIMARY KEY,
  kind text NOT NULL,
  ref_id integer,
  locale text NOT NULL DEFAULT 'it',
  recipient text,
  message jsonb,
  state text NOT NULL DEFAULT 'pending',
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz,
  locked_by text,
  last_error text,
  expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  CONSTRAINT mail_outbox_state_check CHECK (state IN ('pending', 'sending', 'retrying', 'sent', 'failed'))
);
--> statement-breakpoint
-- The worker's poll reads only rows that still have to go.
CREATE INDEX IF NOT EXISTS mail_outbox_due_idx ON mail_outbox (next_attempt_at) WHERE state IN ('pending', 'sending', 'retrying');
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS mail_outbox_ref_idx ON mail_outbox (kind, ref_id);
--> statement-breakpoint
-- What an Idempotency-Key was first used for (cart, choices, rows), so a reuse for something else
-- is refused instead of answered with the old order.
ALTER TABLE orders ADD COLUMN IF NOT EXISTS idempotency_fingerprint text;

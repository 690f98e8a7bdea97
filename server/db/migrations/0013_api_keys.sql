-- Keys of the management API (ADR 0028): only a SHA-256 of the key is kept (keys are 32 random
-- bytes, so a fast hash is enough), with a short visible prefix to tell keys apart in lists.
CREATE TABLE "api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"secret_hash" text NOT NULL,
	"scopes" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_name_uq" ON "api_keys" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_secret_hash_uq" ON "api_keys" USING btree ("secret_hash");--> statement-breakpoint
-- The audit log names who acted: an agent for a customer (as before) or a management API key.
ALTER TABLE "audit_log" ALTER COLUMN "agent_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "customer_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "api_key_id" integer;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_ck" CHECK ("agent_id" IS NOT NULL OR "api_key_id" IS NOT NULL);--> statement-breakpoint
CREATE INDEX "audit_log_api_key_idx" ON "audit_log" USING btree ("api_key_id","created_at");

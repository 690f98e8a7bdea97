ALTER TABLE "orders" ADD COLUMN "payment_fee" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vat_treatment" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "fee" numeric(12, 2) DEFAULT 0 NOT NULL;
ALTER TABLE "customers" ADD COLUMN "sdi_code" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "pec" text;

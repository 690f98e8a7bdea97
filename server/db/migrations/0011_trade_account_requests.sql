CREATE TABLE "trade_account_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_name" text NOT NULL,
	"vat_number" text NOT NULL,
	"sdi_code" text,
	"pec" text,
	"contact_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"locale" text DEFAULT 'it' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"ip" text,
	"customer_id" integer,
	"user_id" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trade_account_requests" ADD CONSTRAINT "trade_account_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_account_requests" ADD CONSTRAINT "trade_account_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_account_requests_email_idx" ON "trade_account_requests" USING btree (lower("email"),"status");--> statement-breakpoint
CREATE INDEX "trade_account_requests_status_idx" ON "trade_account_requests" USING btree ("status","created_at");
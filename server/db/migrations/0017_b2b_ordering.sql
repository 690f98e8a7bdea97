-- Issue 16: saved lists (requisition lists) of a business customer, case-insensitive code lookups
-- for quick order (text_pattern_ops also serves the autocomplete's prefix search), and an agent's
-- orders per customer for "recently served first".
CREATE TABLE "saved_list_rows" (
	"id" serial PRIMARY KEY NOT NULL,
	"list_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"variant_id" integer,
	"qty" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_list_rows_item_uq" UNIQUE NULLS NOT DISTINCT("list_id","product_id","variant_id")
);
--> statement-breakpoint
CREATE TABLE "saved_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_list_rows" ADD CONSTRAINT "saved_list_rows_list_id_saved_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."saved_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_list_rows" ADD CONSTRAINT "saved_list_rows_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_list_rows" ADD CONSTRAINT "saved_list_rows_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_lists" ADD CONSTRAINT "saved_lists_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_lists" ADD CONSTRAINT "saved_lists_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_list_rows_product_idx" ON "saved_list_rows" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_lists_customer_name_uq" ON "saved_lists" USING btree ("customer_id",lower("name"));--> statement-breakpoint
CREATE INDEX "saved_lists_customer_idx" ON "saved_lists" USING btree ("customer_id","updated_at");--> statement-breakpoint
CREATE INDEX "products_code_lower_idx" ON "products" USING btree (lower("code") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "variants_code_lower_idx" ON "variants" USING btree (lower("code") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_agent_customer_idx" ON "orders" USING btree ("agent_id","customer_id","created_at");
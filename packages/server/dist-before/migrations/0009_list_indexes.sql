CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE OR REPLACE FUNCTION text_bigrams(value text) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ select coalesce(array_agg(distinct substr(lower(value), i, 2)), '{}'::text[]) from generate_series(1, char_length(value) - 1) as i $$;--> statement-breakpoint
CREATE INDEX "products_issue_at_id_idx" ON "products" USING btree ("issue_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "products_stop_at_id_idx" ON "products" USING btree ("stop_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "products_created_at_id_idx" ON "products" USING btree ("created_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "products_updated_at_id_idx" ON "products" USING btree ("updated_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "products_uid_trgm_idx" ON "products" USING gin ("uid" gin_trgm_ops) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "products_no_trgm_idx" ON "products" USING gin ("no" gin_trgm_ops) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "products_company_no_trgm_idx" ON "products" USING gin ("company_no" gin_trgm_ops) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "products_name_bigram_idx" ON "products" USING gin (text_bigrams("name")) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "products_uid_bigram_idx" ON "products" USING gin (text_bigrams("uid")) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "products_no_bigram_idx" ON "products" USING gin (text_bigrams("no")) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "products_company_no_bigram_idx" ON "products" USING gin (text_bigrams("company_no")) WHERE deleted_at is null;
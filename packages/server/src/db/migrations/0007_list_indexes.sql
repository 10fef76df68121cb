CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "products_issue_at_id_idx" ON "products" USING btree ("issue_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "products_stop_at_id_idx" ON "products" USING btree ("stop_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "products_created_at_id_idx" ON "products" USING btree ("created_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "products_updated_at_id_idx" ON "products" USING btree ("updated_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "products_uid_trgm_idx" ON "products" USING gin ("uid" gin_trgm_ops) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "products_no_trgm_idx" ON "products" USING gin ("no" gin_trgm_ops) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "products_company_no_trgm_idx" ON "products" USING gin ("company_no" gin_trgm_ops) WHERE deleted_at is null;
-- The text searches' GIN indexes keep a small pending list (rows written since the last merge): the planner
-- prices every pending page, and a few thousand new rows tipped a keyword matching nothing to a scan of
-- the whole table in id order. Changed in place: rebuilding the indexes would read every product.
ALTER INDEX "products_name_trgm_idx" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "products_name_bigram_idx" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "products_uid_trgm_idx" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "products_uid_bigram_idx" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "products_no_trgm_idx" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "products_no_bigram_idx" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "products_company_no_trgm_idx" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "products_company_no_bigram_idx" SET (gin_pending_list_limit = 64);

CREATE INDEX "products_poster_idx" ON "products" USING btree ("poster") WHERE poster <> '';--> statement-breakpoint
CREATE INDEX "products_pdf_url_idx" ON "products" USING btree ("pdf_url") WHERE pdf_url <> '';--> statement-breakpoint
CREATE INDEX "users_avatar_idx" ON "users" USING btree ("avatar") WHERE avatar <> '';--> statement-breakpoint
CREATE INDEX "uploads_size_id_idx" ON "uploads" USING btree ("size","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "uploads_created_at_id_idx" ON "uploads" USING btree ("created_at","id") WHERE deleted_at is null;
CREATE INDEX "users_uname_prefix_idx" ON "users" USING btree (lower("uname") text_pattern_ops) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "users_name_prefix_idx" ON "users" USING btree (lower("name") text_pattern_ops) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "users_email_prefix_idx" ON "users" USING btree (lower("email") text_pattern_ops) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "users_mobile_phone_prefix_idx" ON "users" USING btree ("mobile_phone" text_pattern_ops) WHERE deleted_at is null;
-- One character in the keyword box (寿, 龘, a letter) holds neither a trigram nor a bigram, and was four
-- ILIKE scans of a million rows (3.9-5.6 s, most stopped by the time-out). text_chars(value): the
-- lower-cased characters of a value (each as often as it occurs: GIN keeps the distinct ones), an expression
-- the planner inlines, so rechecking a row costs little (an aggregate over generate_series took 70 µs a row).
CREATE OR REPLACE FUNCTION text_chars(value text) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ select string_to_array(lower(value), null) $$;--> statement-breakpoint
CREATE INDEX "products_name_char_idx" ON "products" USING gin (text_chars("name")) WITH (gin_pending_list_limit=64) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "products_uid_char_idx" ON "products" USING gin (text_chars("uid")) WITH (gin_pending_list_limit=64) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "products_no_char_idx" ON "products" USING gin (text_chars("no")) WITH (gin_pending_list_limit=64) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "products_company_no_char_idx" ON "products" USING gin (text_chars("company_no")) WITH (gin_pending_list_limit=64) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "users_uname_char_idx" ON "users" USING gin (text_chars("uname")) WITH (gin_pending_list_limit=64) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "users_name_char_idx" ON "users" USING gin (text_chars("name")) WITH (gin_pending_list_limit=64) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "users_nickname_char_idx" ON "users" USING gin (text_chars("nickname")) WITH (gin_pending_list_limit=64) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "users_email_char_idx" ON "users" USING gin (text_chars("email")) WITH (gin_pending_list_limit=64) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "users_mobile_phone_char_idx" ON "users" USING gin (text_chars("mobile_phone")) WITH (gin_pending_list_limit=64) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "logs_location_char_idx" ON "logs" USING gin (text_chars("location")) WITH (gin_pending_list_limit=64) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "logs_url_char_idx" ON "logs" USING gin (text_chars("url")) WITH (gin_pending_list_limit=64) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "logs_ip_char_idx" ON "logs" USING gin (text_chars("ip")) WITH (gin_pending_list_limit=64) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "contact_messages_name_char_idx" ON "contact_messages" USING gin (text_chars("name")) WITH (gin_pending_list_limit=64) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "contact_messages_contact_char_idx" ON "contact_messages" USING gin (text_chars("contact")) WITH (gin_pending_list_limit=64) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "contact_messages_content_char_idx" ON "contact_messages" USING gin (text_chars("content")) WITH (gin_pending_list_limit=64) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "contact_messages_ip_char_idx" ON "contact_messages" USING gin (text_chars("ip")) WITH (gin_pending_list_limit=64) WHERE deleted_at is null;--> statement-breakpoint
-- How common each character is, for the planner (as the bigrams have since 0015).
CREATE STATISTICS "products_name_chars_stat" ON (text_chars("name")) FROM "products";--> statement-breakpoint
CREATE STATISTICS "products_uid_chars_stat" ON (text_chars("uid")) FROM "products";--> statement-breakpoint
CREATE STATISTICS "products_no_chars_stat" ON (text_chars("no")) FROM "products";--> statement-breakpoint
CREATE STATISTICS "products_company_no_chars_stat" ON (text_chars("company_no")) FROM "products";--> statement-breakpoint
CREATE STATISTICS "users_uname_chars_stat" ON (text_chars("uname")) FROM "users";--> statement-breakpoint
CREATE STATISTICS "users_name_chars_stat" ON (text_chars("name")) FROM "users";--> statement-breakpoint
CREATE STATISTICS "users_nickname_chars_stat" ON (text_chars("nickname")) FROM "users";--> statement-breakpoint
CREATE STATISTICS "users_email_chars_stat" ON (text_chars("email")) FROM "users";--> statement-breakpoint
CREATE STATISTICS "users_mobile_phone_chars_stat" ON (text_chars("mobile_phone")) FROM "users";--> statement-breakpoint
CREATE STATISTICS "logs_location_chars_stat" ON (text_chars("location")) FROM "logs";--> statement-breakpoint
CREATE STATISTICS "logs_url_chars_stat" ON (text_chars("url")) FROM "logs";--> statement-breakpoint
CREATE STATISTICS "logs_ip_chars_stat" ON (text_chars("ip")) FROM "logs";--> statement-breakpoint
CREATE STATISTICS "contact_messages_name_chars_stat" ON (text_chars("name")) FROM "contact_messages";--> statement-breakpoint
CREATE STATISTICS "contact_messages_contact_chars_stat" ON (text_chars("contact")) FROM "contact_messages";--> statement-breakpoint
CREATE STATISTICS "contact_messages_content_chars_stat" ON (text_chars("content")) FROM "contact_messages";--> statement-breakpoint
CREATE STATISTICS "contact_messages_ip_chars_stat" ON (text_chars("ip")) FROM "contact_messages";--> statement-breakpoint
ANALYZE "products", "users", "logs", "contact_messages";

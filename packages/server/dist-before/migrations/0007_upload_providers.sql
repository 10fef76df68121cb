ALTER TABLE "uploads" ADD COLUMN "provider" varchar(20) DEFAULT 'local' NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "key" varchar(255) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "private" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "uploads_url_idx" ON "uploads" USING btree ("url");
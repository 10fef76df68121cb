CREATE TABLE "open_uploads" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "resource" varchar(50) DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "open_uploads_user_id_idx" ON "open_uploads" USING btree ("user_id");--> statement-breakpoint
-- The documents already attached to products belong to that resource: its administrators keep reading them.
UPDATE "uploads" SET "resource" = 'products' WHERE "private" AND "url" IN (SELECT "pdf_url" FROM "products" WHERE "pdf_url" <> '');
--> statement-breakpoint
-- Installing and uninstalling plug-ins is local-only, as the console's other writes are.
UPDATE "menus" SET "env" = ARRAY['local']::text[] WHERE "id" IN (191, 192) AND "url" = '/admin/developments/plugins' AND cardinality("env") = 0;

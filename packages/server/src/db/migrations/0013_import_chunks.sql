-- The import chunks stored, by the key the SPA gives each one, with their answers: a chunk sent again is
-- answered from here instead of being stored twice (issue 13, item 7).
CREATE TABLE "import_chunks" (
	"user_id" integer NOT NULL,
	"key" varchar(100) NOT NULL,
	"answer" jsonb,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "import_chunks_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE INDEX "import_chunks_expires_at_idx" ON "import_chunks" USING btree ("expires_at");
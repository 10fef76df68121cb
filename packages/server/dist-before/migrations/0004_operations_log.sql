ALTER TABLE "logs" ADD COLUMN "changes" jsonb;--> statement-breakpoint
-- Log statistics (menu item 160) is shown in the side menu; installations seeded before kept it hidden.
UPDATE "menus" SET "status" = 1 WHERE "id" = 160 AND "status" = 2;

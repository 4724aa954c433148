ALTER TABLE "message" ADD COLUMN "event" text;--> statement-breakpoint
ALTER TABLE "message" ADD COLUMN "params" jsonb;
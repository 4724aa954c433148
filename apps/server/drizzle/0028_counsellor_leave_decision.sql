ALTER TABLE "counsellor_leave" ADD COLUMN "status" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "counsellor_leave" ADD COLUMN "decided_by" bigint;--> statement-breakpoint
ALTER TABLE "counsellor_leave" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "counsellor_leave" ADD COLUMN "decision_comment" text;--> statement-breakpoint
ALTER TABLE "counsellor_leave" ADD COLUMN "withdrawn_slots" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "counsellor_leave" ADD COLUMN "cancelled_appointments" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "counsellor_leave_status_idx" ON "counsellor_leave" USING btree ("tenant_id","status","starts_at");--> statement-breakpoint
ALTER TABLE "counsellor_leave" ADD CONSTRAINT "counsellor_leave_status_ck" CHECK ("counsellor_leave"."status" in ('pending', 'approved', 'rejected', 'withdrawn'));
CREATE TABLE "job_schedule" (
	"name" text PRIMARY KEY NOT NULL,
	"queue" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"rule" jsonb NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_job_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "personal_data_access_log" ADD COLUMN "task_id" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "personal_data_access_log_task_uq" ON "personal_data_access_log" USING btree ("tenant_id","task_id","subject_id") WHERE task_id is not null;
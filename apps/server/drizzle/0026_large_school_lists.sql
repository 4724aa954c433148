-- Lists at a large school (docs/users-and-departments.md "Lists at 500,000 users"): indexes the lists'
-- pages and counts are read from alone; a notice's reads counted as they are written; deleted users hold
-- no role (so a role's holders are counted from user_role alone).
DROP INDEX "personal_data_access_log_time_idx";--> statement-breakpoint
DROP INDEX "client_log_time_idx";--> statement-breakpoint
ALTER TABLE "notice" ADD COLUMN "read_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "notice" n SET "read_count" = (SELECT count(*) FROM "notice_read" r WHERE r."tenant_id" = n."tenant_id" AND r."notice_id" = n."id");--> statement-breakpoint
DELETE FROM "user_role" ur USING "sys_user" u WHERE u."tenant_id" = ur."tenant_id" AND u."id" = ur."user_id" AND u."del_flag";--> statement-breakpoint
CREATE INDEX "sys_user_live_idx" ON "sys_user" USING btree ("tenant_id","id") WHERE not "sys_user"."del_flag";--> statement-breakpoint
CREATE INDEX "sys_user_live_dept_idx" ON "sys_user" USING btree ("tenant_id","dept_id","id") WHERE not "sys_user"."del_flag";--> statement-breakpoint
CREATE INDEX "sys_user_live_status_idx" ON "sys_user" USING btree ("tenant_id","status","id") WHERE not "sys_user"."del_flag";--> statement-breakpoint
CREATE INDEX "sys_user_type_idx" ON "sys_user" USING btree ("tenant_id","user_type_id","id");--> statement-breakpoint
CREATE INDEX "sys_user_pick_idx" ON "sys_user" USING btree ("tenant_id","real_name","id") WHERE not "sys_user"."del_flag" and "sys_user"."status" = 'active';--> statement-breakpoint
CREATE INDEX "client_log_type_idx" ON "client_log" USING btree ("tenant_id","type","create_time" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "client_log_user_idx" ON "client_log" USING btree ("tenant_id","user_id","create_time" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "agreement_record_time_idx" ON "agreement_record" USING btree ("tenant_id","agreed_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "personal_data_access_log_time_idx" ON "personal_data_access_log" USING btree ("tenant_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "client_log_time_idx" ON "client_log" USING btree ("tenant_id","create_time" DESC NULLS FIRST,"id" DESC NULLS FIRST);
-- The personal-data access log is append-only for the app role (the identity manifest's tables.appendOnly:
-- update and delete are revoked at every start, since the role's name is configuration). A retried export
-- therefore adds a row with the fields it newly read instead of updating one, so (task, subject) is no
-- longer unique.
DROP INDEX "personal_data_access_log_task_uq";--> statement-breakpoint
CREATE INDEX "personal_data_access_log_task_idx" ON "personal_data_access_log" USING btree ("tenant_id","task_id","subject_id") WHERE task_id is not null;
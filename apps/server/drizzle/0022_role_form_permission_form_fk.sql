-- Form permission rows name a form of the same school. Rows stored for ids that are not forms of that
-- school (accepted before this check; they matched nothing) are removed before the key is added.
DELETE FROM "role_form_permission" r
WHERE NOT EXISTS (SELECT 1 FROM "form" f WHERE f."tenant_id" = r."tenant_id" AND f."id" = r."form_id");
--> statement-breakpoint
ALTER TABLE "role_form_permission" ADD CONSTRAINT "role_form_permission_form_fk" FOREIGN KEY ("tenant_id","form_id") REFERENCES "public"."form"("tenant_id","id") ON DELETE cascade ON UPDATE no action;

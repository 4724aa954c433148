CREATE TABLE "role_form_permission" (
	"tenant_id" bigint NOT NULL,
	"role_id" bigint NOT NULL,
	"form_id" bigint NOT NULL,
	"can_view" boolean DEFAULT true NOT NULL,
	"can_edit" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "role_form_permission_tenant_id_role_id_form_id_pk" PRIMARY KEY("tenant_id","role_id","form_id")
);
--> statement-breakpoint
ALTER TABLE "role_form_permission" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "role_form_permission" ADD CONSTRAINT "role_form_permission_role_fk" FOREIGN KEY ("tenant_id","role_id") REFERENCES "public"."role"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "role_form_permission_form_idx" ON "role_form_permission" USING btree ("tenant_id","form_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "role_form_permission" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint);
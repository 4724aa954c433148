CREATE TABLE "counsellor_availability" (
	"tenant_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"accepting" boolean DEFAULT true NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "counsellor_availability_tenant_id_user_id_pk" PRIMARY KEY("tenant_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "counsellor_availability" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "counsellor_workforce" (
	"tenant_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"category_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "counsellor_workforce_tenant_id_user_id_category_id_pk" PRIMARY KEY("tenant_id","user_id","category_id")
);
--> statement-breakpoint
ALTER TABLE "counsellor_workforce" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "counsellor_availability" ADD CONSTRAINT "counsellor_availability_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."sys_user"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counsellor_workforce" ADD CONSTRAINT "counsellor_workforce_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."sys_user"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "counsellor_workforce_category_idx" ON "counsellor_workforce" USING btree ("tenant_id","category_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "counsellor_availability" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "counsellor_workforce" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint);
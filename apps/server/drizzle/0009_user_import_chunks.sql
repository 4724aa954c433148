CREATE TABLE "user_import_chunk" (
	"tenant_id" bigint NOT NULL,
	"task_id" bigint NOT NULL,
	"chunk_no" integer NOT NULL,
	"rows" integer NOT NULL,
	CONSTRAINT "user_import_chunk_tenant_id_task_id_chunk_no_pk" PRIMARY KEY("tenant_id","task_id","chunk_no")
);
--> statement-breakpoint
ALTER TABLE "user_import_chunk" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "user_import_chunk" ADD CONSTRAINT "user_import_chunk_task_fk" FOREIGN KEY ("tenant_id","task_id") REFERENCES "public"."task_progress"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "user_import_chunk" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint);--> statement-breakpoint
-- user_search_keys (0006) as PL/pgSQL: the same keys (sorted, distinct), about 3x less CPU per row than
-- the SQL version, which the bulk import pays for every user it writes (docs/user-import.md "Speed").
CREATE OR REPLACE FUNCTION user_search_keys(tenant bigint, real_name text, username text, number_name text)
RETURNS integer[] LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  keys integer[] := '{}';
  tags text[] := ARRAY['r', 'u', 'n'];
  vals text[] := ARRAY[real_name, username, number_name];
  v text;
  prefix text;
  k int;
  n int;
  i int;
BEGIN
  FOR k IN 1..3 LOOP
    v := vals[k];
    CONTINUE WHEN v IS NULL;
    v := translate(v, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz');
    prefix := tenant::text || ':' || tags[k];
    FOR n IN 1..3 LOOP
      FOR i IN 1..(char_length(v) - n + 1) LOOP
        keys := keys || hashtext(prefix || substr(v, i, n));
      END LOOP;
    END LOOP;
  END LOOP;
  RETURN ARRAY(SELECT DISTINCT x FROM unnest(keys) AS x ORDER BY x);
END
$$;

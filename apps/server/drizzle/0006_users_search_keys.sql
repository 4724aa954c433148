-- Hand-written (drizzle-kit does not generate functions); keep these blocks when migrations are squashed.
-- The user list's "contains" search (docs/users-and-departments.md).
--
-- user_search_keys: the search keys of one user, stored in the generated column sys_user.search_keys and
-- indexed with GIN: every one-, two- and three-character piece of real name (r), user name (u) and number
-- (n), ASCII letters folded to lower case (translate: the same in every locale, so truly immutable),
-- prefixed with the tenant and hashed to int4 (small rows; a collision only adds a candidate, which the
-- caller's exact strpos check removes). pg_trgm is not used: it cannot look up one- or two-character
-- terms (most Chinese names) and is not loaded in PGlite.
CREATE OR REPLACE FUNCTION user_search_keys(tenant bigint, real_name text, username text, number_name text)
RETURNS integer[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT hashtext(tenant::text || ':' || f.tag || substr(f.v, i, len.n))), '{}'::integer[])
  FROM (VALUES ('r', real_name), ('u', username), ('n', number_name)) AS f0(tag, raw)
  CROSS JOIN LATERAL (SELECT f0.tag, translate(f0.raw, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz') AS v) AS f
  CROSS JOIN (VALUES (1), (2), (3)) AS len(n)
  CROSS JOIN LATERAL generate_series(1, char_length(f.v) - len.n + 1) AS i
  WHERE f.v IS NOT NULL
$$;--> statement-breakpoint
-- The keys a term needs, made the same way: its only character, its only two-character piece, or every
-- three-character piece of a longer term.
CREATE OR REPLACE FUNCTION user_search_term_keys(tenant bigint, tag text, term text)
RETURNS integer[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT hashtext(tenant::text || ':' || tag || substr(t.v, i, t.n))), '{}'::integer[])
  FROM (SELECT translate(term, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz') AS v,
               least(3, char_length(term)) AS n) AS t
  CROSS JOIN LATERAL generate_series(1, char_length(t.v) - t.n + 1) AS i
$$;--> statement-breakpoint
-- Row-level security lets an index serve only leakproof operators, and the GIN array operator (@>) is
-- not one, so under the app role the planner would scan the whole table. This function runs as the
-- table owner (SECURITY DEFINER; the owner is not subject to RLS), restricts itself to the tenant of the
-- transaction with the same expression as the tenant_isolation policy, and answers ids only: the caller
-- joins them back under RLS.
CREATE OR REPLACE FUNCTION user_search_ids(search_keys integer[])
RETURNS SETOF bigint LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT id FROM sys_user
  WHERE tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint AND search_keys @> $1
$$;--> statement-breakpoint
DROP INDEX "sys_user_search_grams_idx";--> statement-breakpoint
ALTER TABLE "sys_user" ADD COLUMN "search_keys" integer[] GENERATED ALWAYS AS (user_search_keys(tenant_id, real_name, username, number_name)) STORED;--> statement-breakpoint
CREATE INDEX "sys_user_search_idx" ON "sys_user" USING gin ("search_keys");--> statement-breakpoint
ALTER TABLE "sys_user" DROP COLUMN "search_grams";--> statement-breakpoint
DROP FUNCTION IF EXISTS user_search_grams(bigint, text, text, text);

-- Which roles department (sub-)administrators may grant. Until now they could grant every role but the
-- school-wide administrator ones; from here only delegable roles, and by default only the ordinary user's.
ALTER TABLE "role" ADD COLUMN "delegable" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE "role" SET "delegable" = true WHERE "role_code" = 'ROLE_GENERAL';

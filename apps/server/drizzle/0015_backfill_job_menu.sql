-- Schools created before this release get the background-jobs page (menu sys_job in the SYSTEM product,
-- docs/api.md "Jobs") that a new school is seeded with, granted to their institution administrators
-- (ROLE_ADMIN), as a new school's are. Idempotent: a school that has the menu already is left alone.
INSERT INTO "menu" ("tenant_id", "product_id", "parent_id", "menu_code", "name", "name_en", "path",
  "permission", "type", "sort", "is_hidden", "keep_alive")
SELECT t."id", p."id", NULL, 'sys_job', '后台任务', 'Background jobs', '/admin/job/index', 'sys_job', 0,
  COALESCE((SELECT max(m."sort") FROM "menu" m
    WHERE m."tenant_id" = t."id" AND m."product_id" = p."id" AND m."parent_id" IS NULL), 0) + 1,
  false, true
FROM "tenant" t CROSS JOIN "product" p
WHERE p."product_code" = 'SYSTEM'
  AND NOT EXISTS (SELECT 1 FROM "menu" m WHERE m."tenant_id" = t."id" AND m."menu_code" = 'sys_job');
--> statement-breakpoint
INSERT INTO "role_menu" ("tenant_id", "role_id", "menu_id")
SELECT r."tenant_id", r."id", m."id"
FROM "role" r
JOIN "menu" m ON m."tenant_id" = r."tenant_id" AND m."menu_code" = 'sys_job'
WHERE r."role_code" = 'ROLE_ADMIN'
  AND NOT EXISTS (
    SELECT 1 FROM "role_menu" rm WHERE rm."tenant_id" = r."tenant_id" AND rm."role_id" = r."id" AND rm."menu_id" = m."id"
  );

-- Counselling appointments and scheduling (docs/appointments.md section 2): what the database itself
-- guarantees under concurrency, written by hand because drizzle-kit cannot express exclusion constraints.
-- btree_gist lets a GiST index combine equality on ids with overlap of time ranges (trusted since
-- PostgreSQL 13: the database owner may create it; PGlite loads it as an extension, core/db/database.ts).
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
-- Slots by start, with what the month view counts: an index-only scan for the calendar views.
CREATE INDEX IF NOT EXISTS "schedule_slot_month_idx" ON "schedule_slot" ("tenant_id", "starts_at")
  INCLUDE ("kind", "status", "counsellor_id") WHERE "deleted_at" IS NULL;
--> statement-breakpoint
-- Terms never overlap.
ALTER TABLE "school_term" ADD CONSTRAINT "school_term_overlap_excl"
  EXCLUDE USING gist ("tenant_id" WITH =, daterange("start_date", "end_date", '[]') WITH &&);
--> statement-breakpoint
-- A counsellor is never in two places at once (slots and duty shifts).
ALTER TABLE "schedule_slot" ADD CONSTRAINT "schedule_slot_counsellor_excl"
  EXCLUDE USING gist ("tenant_id" WITH =, "counsellor_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&)
  WHERE ("deleted_at" IS NULL);
--> statement-breakpoint
-- A room holds one slot at a time.
ALTER TABLE "schedule_slot" ADD CONSTRAINT "schedule_slot_room_excl"
  EXCLUDE USING gist ("tenant_id" WITH =, "room_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&)
  WHERE ("deleted_at" IS NULL AND "room_id" IS NOT NULL);
--> statement-breakpoint
-- Live appointments: a counsellor, a visitor and a room each hold at most one at a time (the slot's own
-- unique key, appointment_slot_uq, is in the generated migration).
ALTER TABLE "appointment" ADD CONSTRAINT "appointment_counsellor_excl"
  EXCLUDE USING gist ("tenant_id" WITH =, "counsellor_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&)
  WHERE ("deleted_at" IS NULL AND "status" IN ('appointment', 'running', 'success', 'complete', 'userBreakAppointment', 'hostBreakAppointment'));
--> statement-breakpoint
ALTER TABLE "appointment" ADD CONSTRAINT "appointment_visitor_excl"
  EXCLUDE USING gist ("tenant_id" WITH =, "visitor_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&)
  WHERE ("deleted_at" IS NULL AND "status" IN ('appointment', 'running', 'success', 'complete', 'userBreakAppointment', 'hostBreakAppointment'));
--> statement-breakpoint
ALTER TABLE "appointment" ADD CONSTRAINT "appointment_room_excl"
  EXCLUDE USING gist ("tenant_id" WITH =, "room_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&)
  WHERE ("deleted_at" IS NULL AND "room_id" IS NOT NULL AND "status" IN ('appointment', 'running', 'success', 'complete', 'userBreakAppointment', 'hostBreakAppointment'));
--> statement-breakpoint
-- Schools created before this release get the appointment menus, buttons and grants a new school is
-- seeded with (seed/catalog.ts). Idempotent: what a school has is left alone.
INSERT INTO "menu" ("tenant_id", "product_id", "parent_id", "menu_code", "name", "name_en", "path", "permission", "type", "sort", "is_hidden", "keep_alive")
SELECT t."id", p."id", NULL, v."code", v."name", v."name_en", v."path", v."code", 0, v."sort", false, true
FROM "tenant" t
CROSS JOIN "product" p
CROSS JOIN (VALUES
  ('appointment_book', '代约', 'Book for a visitor', '/appointment/book/index', 4),
  ('appointment_records', '预约记录', 'Appointment records', '/appointment/records/index', 5),
  ('appointment_approval', '预约审批', 'Approvals', '/appointment/approval/index', 6),
  ('appointment_waitlist', '候补队列', 'Waiting list', '/appointment/waitlist/index', 7),
  ('appointment_settings', '预约规则', 'Booking rules', '/appointment/settings/index', 8)
) AS v("code", "name", "name_en", "path", "sort")
WHERE p."product_code" = 'APPOINTMENT'
  AND NOT EXISTS (SELECT 1 FROM "menu" m WHERE m."tenant_id" = t."id" AND m."menu_code" = v."code");
--> statement-breakpoint
INSERT INTO "menu" ("tenant_id", "product_id", "parent_id", "menu_code", "name", "name_en", "path", "permission", "type", "sort", "is_hidden", "keep_alive")
SELECT m."tenant_id", m."product_id", m."id", v."code", v."name", v."name_en", NULL, v."code", 1, v."sort", false, false
FROM "menu" m
JOIN (VALUES
  ('appointment_schedule', 'consult_schedule_view', '查看全部排班', 'See every schedule', 1),
  ('appointment_schedule', 'consult_schedule_edit', '编辑排班', 'Edit schedules', 2),
  ('appointment_queue', 'consult_appointment_desk', '前台签到与爽约', 'Front desk', 1),
  ('appointment_book', 'consult_appointment_book', '为来访者预约', 'Book for visitors', 1),
  ('appointment_records', 'consult_appointment_view', '查看预约', 'See appointments', 1),
  ('appointment_records', 'consult_appointment_manage', '删除与恢复预约', 'Delete and restore', 2),
  ('appointment_approval', 'consult_approve', '审批', 'Decide approvals', 1),
  ('appointment_waitlist', 'consult_waitlist_manage', '管理候补队列', 'Manage the waiting list', 1),
  ('appointment_settings', 'consult_policy_edit', '编辑预约规则', 'Edit booking rules', 1),
  ('appointment_settings', 'consult_booking_override', '解除预约限制', 'Lift a booking block', 2)
) AS v("parent", "code", "name", "name_en", "sort") ON m."menu_code" = v."parent"
WHERE NOT EXISTS (SELECT 1 FROM "menu" x WHERE x."tenant_id" = m."tenant_id" AND x."menu_code" = v."code");
--> statement-breakpoint
INSERT INTO "role_menu" ("tenant_id", "role_id", "menu_id")
SELECT r."tenant_id", r."id", m."id"
FROM "role" r
JOIN (VALUES
  ('ROLE_ADMIN', 'appointment_book'), ('ROLE_ADMIN', 'appointment_records'), ('ROLE_ADMIN', 'appointment_approval'),
  ('ROLE_ADMIN', 'appointment_waitlist'), ('ROLE_ADMIN', 'appointment_settings'),
  ('ROLE_ADMIN', 'consult_schedule_view'), ('ROLE_ADMIN', 'consult_schedule_edit'), ('ROLE_ADMIN', 'consult_appointment_desk'),
  ('ROLE_ADMIN', 'consult_appointment_book'), ('ROLE_ADMIN', 'consult_appointment_view'), ('ROLE_ADMIN', 'consult_appointment_manage'),
  ('ROLE_ADMIN', 'consult_approve'), ('ROLE_ADMIN', 'consult_waitlist_manage'), ('ROLE_ADMIN', 'consult_policy_edit'),
  ('ROLE_ADMIN', 'consult_booking_override'),
  ('ROLE_APPOINTMENT', 'appointment_book'), ('ROLE_APPOINTMENT', 'appointment_records'), ('ROLE_APPOINTMENT', 'appointment_approval'),
  ('ROLE_APPOINTMENT', 'appointment_waitlist'), ('ROLE_APPOINTMENT', 'consult_schedule_view'), ('ROLE_APPOINTMENT', 'consult_schedule_edit'),
  ('ROLE_APPOINTMENT', 'consult_appointment_desk'), ('ROLE_APPOINTMENT', 'consult_appointment_book'),
  ('ROLE_APPOINTMENT', 'consult_appointment_view'), ('ROLE_APPOINTMENT', 'consult_approve'), ('ROLE_APPOINTMENT', 'consult_waitlist_manage'),
  ('ROLE_RECEPTIONIST', 'appointment_records'), ('ROLE_RECEPTIONIST', 'consult_appointment_desk'),
  ('ROLE_RECEPTIONIST', 'consult_appointment_view'),
  ('ROLE_INTERVIEWER', 'appointment_mine'), ('ROLE_ASSESSMENT', 'appointment_mine')
) AS g("role_code", "menu_code") ON g."role_code" = r."role_code"
JOIN "menu" m ON m."tenant_id" = r."tenant_id" AND m."menu_code" = g."menu_code"
WHERE r."del_flag" = false
ON CONFLICT DO NOTHING;

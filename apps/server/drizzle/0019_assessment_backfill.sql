-- Schools created before this release get what a new school is seeded with (docs/assessment.md): the
-- scale categories, the built-in scales (rows pointing at the definitions in @psy/scoring), and the
-- assessment menus, buttons and grants of seed/catalog.ts. Idempotent: what a school has stays.
INSERT INTO "assessment_scale_category" ("tenant_id", "code", "name_zh", "name_en", "kind", "sort")
SELECT t."id", v."code", v."name_zh", v."name_en", v."kind", v."sort"
FROM "tenant" t
CROSS JOIN (VALUES
  ('mental_health', '心理健康', 'Mental health', 'scale', 1),
  ('stress_emotion', '压力与情绪', 'Stress and emotion', 'scale', 2),
  ('personality', '人格', 'Personality', 'scale', 3),
  ('career', '职业生涯', 'Career', 'scale', 4),
  ('ability', '能力', 'Ability', 'scale', 5),
  ('leadership', '领导力', 'Leadership', 'scale', 6),
  ('survey', '调研问卷', 'Surveys', 'questionnaire', 7),
  ('satisfaction', '满意度问卷', 'Satisfaction', 'questionnaire', 8),
  ('supervision_eval', '督导评价', 'Supervision evaluation', 'questionnaire', 9)
) AS v("code", "name_zh", "name_en", "kind", "sort")
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "assessment_scale" ("tenant_id", "code", "version", "kind", "name_zh", "name_en", "short_name", "category_id",
  "report_type", "licence_kind", "licence_note", "source", "item_count", "status", "sort")
SELECT t."id", v."code", v."version", v."kind", v."name_zh", v."name_en", v."short_name", c."id",
  v."report_type", v."licence_kind", v."licence_note", 'builtin', v."item_count", 1, v."sort"
FROM "tenant" t
CROSS JOIN (VALUES
  ('PHQ9', 1, 'scale', '患者健康问卷抑郁量表（PHQ-9）', 'Patient Health Questionnaire (PHQ-9)', 'PHQ-9', 'mental_health', 'SYMPTOM', 'free', 'No permission required to reproduce, translate, display or distribute.', 9, 1),
  ('GAD7', 1, 'scale', '广泛性焦虑量表（GAD-7）', 'Generalized Anxiety Disorder scale (GAD-7)', 'GAD-7', 'mental_health', 'SYMPTOM', 'free', 'No permission required to reproduce, translate, display or distribute.', 7, 2),
  ('SCL90', 1, 'scale', '症状自评量表（SCL-90）', 'Symptom Checklist 90 (SCL-90)', 'SCL-90', 'mental_health', 'SCL90', 'free', 'The 1973 checklist as translated into Chinese, used without fee in Chinese practice. The revised SCL-90-R is published by Pearson and is not shipped.', 90, 3),
  ('SDS', 1, 'scale', '抑郁自评量表（SDS）', 'Self-Rating Depression Scale (SDS)', 'SDS', 'mental_health', 'SYMPTOM', 'free', 'Published in the journal article; used without fee. No publisher sells or licenses it.', 20, 4),
  ('SAS', 1, 'scale', '焦虑自评量表（SAS）', 'Self-Rating Anxiety Scale (SAS)', 'SAS', 'mental_health', 'SYMPTOM', 'free', 'Published in the journal article; used without fee. No publisher sells or licenses it.', 20, 5),
  ('DASS21', 1, 'scale', '抑郁焦虑压力量表（DASS-21）', 'Depression Anxiety Stress Scales (DASS-21)', 'DASS-21', 'stress_emotion', 'STRESS_EMOTION', 'public-domain', 'Public domain; may be downloaded and copied.', 21, 6),
  ('IPIP50', 1, 'scale', '大五人格标记量表（IPIP 50题）', 'IPIP Big-Five Factor Markers (50 items)', 'IPIP-50', 'personality', 'BIG_FIVE', 'public-domain', 'IPIP items and scales are in the public domain; they may be used for any purpose without permission or fee.', 50, 7),
  ('ONET_IP60', 1, 'scale', 'O*NET 职业兴趣测评（简版60题）', 'O*NET Interest Profiler Short Form (60 items)', 'O*NET IP-SF', 'career', 'HOLLAND', 'free', 'O*NET Career Exploration Tools: free to use; a modified version (here: the Chinese texts) must say it is modified.', 60, 8)
) AS v("code", "version", "kind", "name_zh", "name_en", "short_name", "category", "report_type", "licence_kind", "licence_note", "item_count", "sort")
LEFT JOIN "assessment_scale_category" c ON c."tenant_id" = t."id" AND c."code" = v."category"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The interview records page becomes a menu with its own permission key (it was a detail page).
UPDATE "menu" SET "menu_code" = 'plantest_interview', "permission" = 'plantest_interview', "is_hidden" = false
WHERE "menu_code" = 'page_assessmentInterviewInterviewlist_index'
  AND NOT EXISTS (SELECT 1 FROM "menu" m2 WHERE m2."tenant_id" = "menu"."tenant_id" AND m2."menu_code" = 'plantest_interview');
--> statement-breakpoint
INSERT INTO "menu" ("tenant_id", "product_id", "parent_id", "menu_code", "name", "name_en", "path", "permission", "type", "sort", "is_hidden", "keep_alive")
SELECT t."id", p."id", NULL, v."code", v."name", v."name_en", v."path", v."code", 0, v."sort", false, true
FROM "tenant" t
JOIN "product" p ON p."product_code" = 'PLANTEST'
CROSS JOIN (VALUES
  ('plantest_scale', '量表库', 'Scale library', '/scaleLibrary/index', 5),
  ('plantest_warning', '测评预警', 'Assessment warnings', '/assessmentWarning/index', 6)
) AS v("code", "name", "name_en", "path", "sort")
WHERE NOT EXISTS (SELECT 1 FROM "menu" m WHERE m."tenant_id" = t."id" AND m."menu_code" = v."code");
--> statement-breakpoint
INSERT INTO "menu" ("tenant_id", "product_id", "parent_id", "menu_code", "name", "name_en", "permission", "type", "sort")
SELECT parent."tenant_id", parent."product_id", parent."id", v."code", v."name", v."name_en", v."code", 1, v."sort"
FROM (VALUES
  ('plantest_plan', 'plantest_plan_edit', '编辑测评计划', 'Edit plans', 1),
  ('plantest_report', 'plantest_result_view', '查看个人测评结果', 'See individual results', 1),
  ('plantest_report', 'plantest_report_export', '导出测评数据', 'Export assessment data', 2),
  ('plantest_report', 'plantest_htp', '房树人记录', 'House-Tree-Person records', 3),
  ('plantest_scale', 'plantest_scale_edit', '导入与管理量表', 'Import and manage scales', 1),
  ('plantest_warning', 'plantest_warning_handle', '处理预警', 'Handle warnings', 1),
  ('plantest_warning', 'plantest_warning_notify', '接收紧急预警消息', 'Receive urgent warning messages', 2),
  ('plantest_warning', 'plantest_followup', '回访与干预记录', 'Follow-up and intervention records', 3),
  ('plantest_warning', 'plantest_rainbow', '查看彩虹码', 'See rainbow codes', 4),
  ('plantest_interview', 'plantest_interview_assign', '安排访谈', 'Assign interviews', 1),
  ('plantest_interview', 'plantest_transfer', '转介咨询', 'Transfer to counselling', 2)
) AS v("parent", "code", "name", "name_en", "sort")
JOIN "menu" parent ON parent."menu_code" = v."parent"
WHERE NOT EXISTS (SELECT 1 FROM "menu" m WHERE m."tenant_id" = parent."tenant_id" AND m."menu_code" = v."code");
--> statement-breakpoint
-- Grants as seed/catalog.ts gives them: the administrator and the assessor the whole product, the
-- interviewer the interview page and transfers, the crisis superintendents the warnings.
INSERT INTO "role_menu" ("tenant_id", "role_id", "menu_id")
SELECT r."tenant_id", r."id", m."id"
FROM "role" r
JOIN (VALUES
  ('ROLE_ADMIN', 'plantest_plan_edit'), ('ROLE_ADMIN', 'plantest_result_view'), ('ROLE_ADMIN', 'plantest_report_export'),
  ('ROLE_ADMIN', 'plantest_htp'), ('ROLE_ADMIN', 'plantest_scale'), ('ROLE_ADMIN', 'plantest_scale_edit'),
  ('ROLE_ADMIN', 'plantest_warning'), ('ROLE_ADMIN', 'plantest_warning_handle'), ('ROLE_ADMIN', 'plantest_warning_notify'),
  ('ROLE_ADMIN', 'plantest_followup'), ('ROLE_ADMIN', 'plantest_rainbow'), ('ROLE_ADMIN', 'plantest_interview'),
  ('ROLE_ADMIN', 'plantest_interview_assign'), ('ROLE_ADMIN', 'plantest_transfer'),
  ('ROLE_ASSESSMENT', 'plantest_plan_edit'), ('ROLE_ASSESSMENT', 'plantest_result_view'), ('ROLE_ASSESSMENT', 'plantest_report_export'),
  ('ROLE_ASSESSMENT', 'plantest_htp'), ('ROLE_ASSESSMENT', 'plantest_scale'), ('ROLE_ASSESSMENT', 'plantest_scale_edit'),
  ('ROLE_ASSESSMENT', 'plantest_warning'), ('ROLE_ASSESSMENT', 'plantest_warning_handle'), ('ROLE_ASSESSMENT', 'plantest_warning_notify'),
  ('ROLE_ASSESSMENT', 'plantest_followup'), ('ROLE_ASSESSMENT', 'plantest_rainbow'), ('ROLE_ASSESSMENT', 'plantest_interview'),
  ('ROLE_ASSESSMENT', 'plantest_interview_assign'), ('ROLE_ASSESSMENT', 'plantest_transfer'),
  ('ROLE_INTERVIEWER', 'plantest_interview'), ('ROLE_INTERVIEWER', 'plantest_transfer'),
  ('CRISIS_ROLE_FACULTY_SUPERINTENDENT', 'plantest_warning'), ('CRISIS_ROLE_FACULTY_SUPERINTENDENT', 'plantest_warning_handle'),
  ('CRISIS_ROLE_FACULTY_SUPERINTENDENT', 'plantest_warning_notify'), ('CRISIS_ROLE_FACULTY_SUPERINTENDENT', 'plantest_followup'),
  ('CRISIS_ROLE_FACULTY_SUPERINTENDENT', 'plantest_rainbow'),
  ('CRISIS_ROLE_CENTER_SUPERINTENDENT', 'plantest_warning'), ('CRISIS_ROLE_CENTER_SUPERINTENDENT', 'plantest_warning_handle'),
  ('CRISIS_ROLE_CENTER_SUPERINTENDENT', 'plantest_warning_notify'), ('CRISIS_ROLE_CENTER_SUPERINTENDENT', 'plantest_followup'),
  ('CRISIS_ROLE_CENTER_SUPERINTENDENT', 'plantest_rainbow'),
  ('CRISIS_ROLE_SUPERINTENDENT', 'plantest_warning'), ('CRISIS_ROLE_SUPERINTENDENT', 'plantest_warning_handle'),
  ('CRISIS_ROLE_SUPERINTENDENT', 'plantest_warning_notify'), ('CRISIS_ROLE_SUPERINTENDENT', 'plantest_followup'),
  ('CRISIS_ROLE_SUPERINTENDENT', 'plantest_rainbow')
) AS g("role_code", "menu_code") ON g."role_code" = r."role_code"
JOIN "menu" m ON m."tenant_id" = r."tenant_id" AND m."menu_code" = g."menu_code"
ON CONFLICT DO NOTHING;

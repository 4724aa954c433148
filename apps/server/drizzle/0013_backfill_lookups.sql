-- Schools created before this release get what a new school is seeded with: the activity scheme
-- categories dictionary (docs/builder-helpers.md) and the key-person setting lists (docs/focus-settings.md).
-- Idempotent: a school that already has the dictionary or any entry of a type is left alone.
INSERT INTO "dict_type" ("tenant_id", "name", "description", "system")
SELECT t."id", 'activitySchemeCategory', '活动方案类别', true FROM "tenant" t
WHERE NOT EXISTS (
  SELECT 1 FROM "dict_type" d WHERE d."tenant_id" = t."id" AND lower(d."name") = lower('activitySchemeCategory')
);
--> statement-breakpoint
INSERT INTO "dict_item" ("tenant_id", "dict_id", "value", "label", "label_en", "sort")
SELECT d."tenant_id", d."id", v."value", v."label", v."label_en", v."sort"
FROM "dict_type" d
CROSS JOIN (VALUES ('1', '心理讲座', 'Lecture', 1), ('2', '团体活动', 'Group activity', 2),
  ('3', '心理情景剧', 'Psychodrama', 3), ('4', '心理健康月', 'Mental health month', 4),
  ('0', '其他', 'Other', 5)) AS v("value", "label", "label_en", "sort")
WHERE d."name" = 'activitySchemeCategory'
  AND NOT EXISTS (SELECT 1 FROM "dict_item" i WHERE i."tenant_id" = d."tenant_id" AND i."dict_id" = d."id");
--> statement-breakpoint
INSERT INTO "focus_setting" ("tenant_id", "type", "name", "name_en", "sort")
SELECT t."id", v."type", v."name", v."name_en", v."sort"
FROM "tenant" t
CROSS JOIN (VALUES
  (1, '心理咨询师发现', 'Counsellor', 1),
  (1, '辅导员/班主任上报', 'Class teacher or counsellor report', 2),
  (1, '心理测评筛查', 'Assessment screening', 3),
  (1, '宿舍长/心理委员上报', 'Dormitory head or class mental-health officer', 4),
  (1, '家长反映', 'Parent', 5),
  (1, '学生本人求助', 'Self-referral', 6),
  (2, '谈心谈话', 'Heart-to-heart talk', 1),
  (2, '心理咨询', 'Counselling', 2),
  (2, '联系家长', 'Guardian contacted', 3),
  (2, '转介医院', 'Referral to hospital', 4),
  (2, '学业帮扶', 'Academic support', 5),
  (2, '24小时陪护', '24-hour accompaniment', 6),
  (3, '面谈', 'In person', 1),
  (3, '电话', 'Phone call', 2),
  (3, '线上沟通', 'Online message', 3),
  (3, '宿舍走访', 'Dormitory visit', 4),
  (3, '家访', 'Home visit', 5),
  (4, '心理问题', 'Psychological problem', 1),
  (4, '学业困难', 'Academic difficulty', 2),
  (4, '家庭困难', 'Family difficulty', 3),
  (4, '人际关系', 'Relationships', 4),
  (4, '身体疾病', 'Physical illness', 5),
  (4, '情感问题', 'Romantic relationship', 6),
  (5, '学业压力', 'Study pressure', 1),
  (5, '人际交往', 'Getting on with others', 2),
  (5, '情绪状态', 'Mood', 3),
  (5, '家庭情况', 'Family', 4),
  (5, '生涯规划', 'Career planning', 5)
) AS v("type", "name", "name_en", "sort")
WHERE NOT EXISTS (
  SELECT 1 FROM "focus_setting" f WHERE f."tenant_id" = t."id" AND f."type" = v."type"
);

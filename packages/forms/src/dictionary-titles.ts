/**
 * The names of the seeded dictionaries in both languages (their keys, `dysphrenia`, are for code and
 * forms, not people). Kept apart from `DICTIONARIES` (items of 56 nations...) so a page that only names
 * dictionaries does not carry their items. A dictionary a school adds is named by its own description.
 */
export const DICTIONARY_TITLES: Readonly<Record<string, { 'zh-CN': string; 'en-US': string }>> = {
  sex: { 'zh-CN': '性别', 'en-US': 'Sex' },
  yearInfo: { 'zh-CN': '年级（入学年份）', 'en-US': 'Year (of enrolment)' },
  nation: { 'zh-CN': '民族', 'en-US': 'Ethnic group' },
  politicCountenance: { 'zh-CN': '政治面貌', 'en-US': 'Political status' },
  educationalLevel: { 'zh-CN': '学历', 'en-US': 'Education level' },
  religiousBelief: { 'zh-CN': '宗教信仰', 'en-US': 'Religion' },
  isMarriage: { 'zh-CN': '婚姻状况', 'en-US': 'Marital status' },
  assessmentLevel: { 'zh-CN': '评估等级（等级/星级）', 'en-US': 'Assessment level (level / stars)' },
  mainQuestionName: { 'zh-CN': '主要问题', 'en-US': 'Main problem' },
  secondaryQuestionName: { 'zh-CN': '次要问题', 'en-US': 'Secondary problem' },
  finishMethod: { 'zh-CN': '结束方式', 'en-US': 'How it ended' },
  reportSource: { 'zh-CN': '上报来源', 'en-US': 'Reported by' },
  consultingField: { 'zh-CN': '擅长领域', 'en-US': 'Fields of expertise' },
  categoryId: { 'zh-CN': '咨询类别', 'en-US': 'Counselling category' },
  problem_serious: { 'zh-CN': '问题严重程度', 'en-US': 'Severity of the problem' },
  dysphrenia: { 'zh-CN': '精神障碍情况', 'en-US': 'Mental disorder' },
  endType: { 'zh-CN': '结案类型', 'en-US': 'How the case was closed' },
  risk_assessment: { 'zh-CN': '风险评估', 'en-US': 'Risk assessment' },
  interviewAssessResult: { 'zh-CN': '初访评估结果', 'en-US': 'First interview result' },
  activitySchemeCategory: { 'zh-CN': '活动方案类别', 'en-US': 'Activity scheme category' },
  interventionMeasures: { 'zh-CN': '干预措施', 'en-US': 'Intervention measures' },
  disordersType: { 'zh-CN': '障碍类型', 'en-US': 'Type of disorder' },
};

/**
 * What a person calls a dictionary: a seeded one's name in the language in use, else the description the
 * school gave it, else its key.
 */
export function dictionaryTitle(
  dict: { name: string; description?: string | null; system?: boolean },
  lang: 'zh-CN' | 'en-US',
): string {
  const seeded = dict.system !== false ? DICTIONARY_TITLES[dict.name] : undefined;
  return seeded?.[lang] ?? (dict.description?.trim() || dict.name);
}

/**
 * A dictionary's description in the language in use: the description every school is seeded with (its
 * Chinese name) in English for an English reader; one the school wrote itself as typed.
 */
export function dictionaryDescription(
  dict: { name: string; description?: string | null; system?: boolean },
  lang: 'zh-CN' | 'en-US',
): string {
  const seeded = dict.system !== false ? DICTIONARY_TITLES[dict.name] : undefined;
  const description = dict.description ?? '';
  return seeded && description === seeded['zh-CN'] ? seeded[lang] : description;
}

import type { LicenceKind, ReportType, Text } from './definition';

/** Default categories of a school's scale tree (`category` of a definition names one by code). */
export const DEFAULT_SCALE_CATEGORIES: readonly {
  code: string;
  kind: 'scale' | 'questionnaire';
  name: Text;
}[] = [
  { code: 'mental_health', kind: 'scale', name: { zh: '心理健康', en: 'Mental health' } },
  { code: 'stress_emotion', kind: 'scale', name: { zh: '压力与情绪', en: 'Stress and emotion' } },
  { code: 'personality', kind: 'scale', name: { zh: '人格', en: 'Personality' } },
  { code: 'career', kind: 'scale', name: { zh: '职业生涯', en: 'Career' } },
  { code: 'ability', kind: 'scale', name: { zh: '能力', en: 'Ability' } },
  { code: 'leadership', kind: 'scale', name: { zh: '领导力', en: 'Leadership' } },
  { code: 'survey', kind: 'questionnaire', name: { zh: '调研问卷', en: 'Surveys' } },
  { code: 'satisfaction', kind: 'questionnaire', name: { zh: '满意度问卷', en: 'Satisfaction' } },
  { code: 'supervision_eval', kind: 'questionnaire', name: { zh: '督导评价', en: 'Supervision evaluation' } },
];

/** Report types (spec S1.2.13 and the open instruments'), with what the platform ships for each. */
export const REPORT_TYPE_INFO: Readonly<
  Record<ReportType, { name: Text; licence: LicenceKind; shipped: string | null; note: Text }>
> = {
  '16PF': {
    name: { zh: '卡特尔16种人格因素', en: '16PF' },
    licence: 'licensed',
    shipped: null,
    note: {
      zh: '受版权保护：提供报告版式与导入，不含题目。',
      en: 'Licensed: report layout and import only, no items.',
    },
  },
  DISC: {
    name: { zh: 'DISC 性格测评', en: 'DISC' },
    licence: 'licensed',
    shipped: null,
    note: {
      zh: '受版权保护：提供报告版式与导入，不含题目。',
      en: 'Licensed: report layout and import only, no items.',
    },
  },
  HOLLAND: {
    name: { zh: '霍兰德职业兴趣', en: 'Holland interests' },
    licence: 'free',
    shipped: 'ONET_IP60',
    note: {
      zh: '内置 O*NET 职业兴趣测评简版（免费使用）。',
      en: 'Ships the O*NET Interest Profiler Short Form (free to use).',
    },
  },
  MBTI: {
    name: { zh: 'MBTI 职业性格', en: 'MBTI' },
    licence: 'licensed',
    shipped: null,
    note: {
      zh: '受版权保护：提供报告版式与导入，不含题目。',
      en: 'Licensed: report layout and import only, no items.',
    },
  },
  SPM: {
    name: { zh: '瑞文标准推理测验', en: "Raven's SPM" },
    licence: 'licensed',
    shipped: null,
    note: {
      zh: '受版权保护：提供报告版式与导入，不含题目。',
      en: 'Licensed: report layout and import only, no items.',
    },
  },
  SCL90: {
    name: { zh: 'SCL-90 症状自评', en: 'SCL-90' },
    licence: 'free',
    shipped: 'SCL90',
    note: {
      zh: '内置 1973 年版中文版及 1986 年中国常模。',
      en: 'Ships the 1973 checklist in Chinese with the 1986 Chinese norm.',
    },
  },
  EPQ: {
    name: { zh: '艾森克人格问卷', en: 'EPQ' },
    licence: 'licensed',
    shipped: null,
    note: {
      zh: '受版权保护：提供报告版式与导入，不含题目。',
      en: 'Licensed: report layout and import only, no items.',
    },
  },
  CAREER_ANCHOR: {
    name: { zh: '职业锚', en: 'Career anchors' },
    licence: 'licensed',
    shipped: null,
    note: {
      zh: '受版权保护：提供报告版式与导入，不含题目。',
      en: 'Licensed: report layout and import only, no items.',
    },
  },
  LEADERSHIP: {
    name: { zh: '领导力', en: 'Leadership' },
    licence: 'licensed',
    shipped: null,
    note: {
      zh: '无公认的开放量表：提供报告版式与导入。',
      en: 'No open instrument of standing: report layout and import.',
    },
  },
  STRESS_EMOTION: {
    name: { zh: '压力与情绪', en: 'Stress and emotion' },
    licence: 'public-domain',
    shipped: 'DASS21',
    note: { zh: '内置 DASS-21（公有领域）。', en: 'Ships the DASS-21 (public domain).' },
  },
  BIG_FIVE: {
    name: { zh: '大五人格', en: 'Big Five' },
    licence: 'public-domain',
    shipped: 'IPIP50',
    note: {
      zh: '内置 IPIP 大五人格标记（公有领域）。',
      en: 'Ships the IPIP Big-Five markers (public domain).',
    },
  },
  SYMPTOM: {
    name: { zh: '症状量表', en: 'Symptom scale' },
    licence: 'free',
    shipped: 'PHQ9, GAD7, SDS, SAS',
    note: { zh: '内置 PHQ-9、GAD-7、SDS、SAS。', en: 'Ships PHQ-9, GAD-7, SDS and SAS.' },
  },
  GENERIC: {
    name: { zh: '通用报告', en: 'Generic report' },
    licence: 'school-owned',
    shipped: null,
    note: {
      zh: '学校自编量表与问卷的通用报告版式。',
      en: "Generic layout for a school's own scales and questionnaires.",
    },
  },
};

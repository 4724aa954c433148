import type { ScaleDefinitionInput, ScaleFactor } from '../definition';
import { bandsOf, itemsOf, t } from './helpers';

/**
 * DASS-21, Depression Anxiety Stress Scales, short form. Public domain (Lovibond & Lovibond; the DASS
 * site says it "may be downloaded and copied"). Each subscale is the sum of its seven items x 2, read
 * against the severity ranges of the manual: Lovibond SH & Lovibond PF (1995), Manual for the
 * Depression Anxiety Stress Scales, 2nd ed., Sydney: Psychology Foundation. Chinese texts are ours.
 */
const sev = (zh: string, en: string) => [
  {
    level: 0,
    label: t('正常', 'Normal'),
    interpretation: t(`${zh}在正常范围内。`, `${en} within the normal range.`),
  },
  { level: 1, label: t('轻度', 'Mild'), interpretation: t(`有轻度${zh}。`, `Mild ${en.toLowerCase()}.`) },
  {
    level: 2,
    label: t('中度', 'Moderate'),
    interpretation: t(
      `有中度${zh}，建议面谈评估。`,
      `Moderate ${en.toLowerCase()}; an interview is advised.`,
    ),
  },
  {
    level: 3,
    label: t('重度', 'Severe'),
    interpretation: t(`有重度${zh}，需要尽快评估。`, `Severe ${en.toLowerCase()}; assess soon.`),
  },
  {
    level: 4,
    label: t('极重度', 'Extremely severe'),
    interpretation: t(
      `有极重度${zh}，需要立即评估。`,
      `Extremely severe ${en.toLowerCase()}; assess at once.`,
    ),
  },
];

const factor = (code: string, zh: string, en: string, items: number[]): ScaleFactor => ({
  code,
  name: t(zh, en),
  items,
  method: 'sum',
  multiplier: 2,
});

export const DASS21: ScaleDefinitionInput = {
  code: 'DASS21',
  version: 1,
  kind: 'scale',
  name: t('抑郁焦虑压力量表（DASS-21）', 'Depression Anxiety Stress Scales (DASS-21)'),
  shortName: 'DASS-21',
  category: 'stress_emotion',
  reportType: 'STRESS_EMOTION',
  chart: 'bar',
  licence: {
    kind: 'public-domain',
    holder: 'S. H. Lovibond & P. F. Lovibond',
    note: 'Public domain; may be downloaded and copied.',
  },
  source:
    'Lovibond SH, Lovibond PF. Manual for the Depression Anxiety Stress Scales. 2nd ed. Sydney: Psychology Foundation; 1995.',
  instructions: t(
    '请阅读每一条，选择过去一周内该描述适用于您的程度。答案没有对错之分。',
    'Please read each statement and choose how much it applied to you over the past week. There are no right or wrong answers.',
  ),
  optionSets: {
    applied4: [
      { value: 0, score: 0, label: t('完全不符合', 'Did not apply to me at all') },
      { value: 1, score: 1, label: t('有时符合', 'Applied to me to some degree, or some of the time') },
      {
        value: 2,
        score: 2,
        label: t('常常符合', 'Applied to me to a considerable degree, or a good part of the time'),
      },
      { value: 3, score: 3, label: t('总是符合', 'Applied to me very much, or most of the time') },
    ],
  },
  items: itemsOf(
    [
      ['我觉得很难让自己平静下来', 'I found it hard to wind down'],
      ['我感到口干', 'I was aware of dryness of my mouth'],
      [
        '我好像一点都感受不到任何愉快、舒畅的感觉',
        "I couldn't seem to experience any positive feeling at all",
      ],
      [
        '我感到呼吸困难（例如没有做运动也气喘或呼吸急促）',
        'I experienced breathing difficulty (e.g. breathlessness without physical exertion)',
      ],
      ['我感到很难主动去开始做事', 'I found it difficult to work up the initiative to do things'],
      ['我对事情往往作出过敏反应', 'I tended to over-react to situations'],
      ['我感到颤抖（例如手抖）', 'I experienced trembling (e.g. in the hands)'],
      ['我觉得自己消耗了很多精神', 'I felt that I was using a lot of nervous energy'],
      [
        '我担心一些可能让自己恐慌或出丑的场合',
        'I was worried about situations in which I might panic and make a fool of myself',
      ],
      ['我觉得自己对将来没有什么可期盼的', 'I felt that I had nothing to look forward to'],
      ['我发现自己很容易焦躁不安', 'I found myself getting agitated'],
      ['我感到很难放松自己', 'I found it difficult to relax'],
      ['我感到忧郁沮丧', 'I felt down-hearted and blue'],
      [
        '我无法容忍任何阻碍我继续工作的事情',
        'I was intolerant of anything that kept me from getting on with what I was doing',
      ],
      ['我感到快要崩溃了', 'I felt I was close to panic'],
      ['我对任何事情都不能产生热情', 'I was unable to become enthusiastic about anything'],
      ['我觉得自己不怎么配做人', "I felt I wasn't worth much as a person"],
      ['我发觉自己很容易被触怒', 'I felt that I was rather touchy'],
      [
        '即使没有明显的体力活动，我也感到心律不正常',
        'I was aware of the action of my heart without physical exertion',
      ],
      ['我无缘无故地感到害怕', 'I felt scared without any good reason'],
      ['我感到生命毫无意义', 'I felt that life was meaningless'],
    ],
    'applied4',
  ),
  factors: [
    factor('depression', '抑郁', 'Depression', [3, 5, 10, 13, 16, 17, 21]),
    factor('anxiety', '焦虑', 'Anxiety', [2, 4, 7, 9, 15, 19, 20]),
    factor('stress', '压力', 'Stress', [1, 6, 8, 11, 12, 14, 18]),
  ],
  scoring: { total: null },
  norms: [],
  bands: [
    ...bandsOf('factor:depression', [10, 14, 21, 28], sev('抑郁情绪', 'Depression')),
    ...bandsOf('factor:anxiety', [8, 10, 15, 20], sev('焦虑情绪', 'Anxiety')),
    ...bandsOf('factor:stress', [15, 19, 26, 34], sev('压力', 'Stress')),
  ],
  screens: [
    {
      code: 'depression_moderate',
      label: t('抑郁达到中度及以上', 'Depression moderate or above'),
      when: { target: 'factor:depression', op: '>=', value: 14 },
    },
    {
      code: 'anxiety_moderate',
      label: t('焦虑达到中度及以上', 'Anxiety moderate or above'),
      when: { target: 'factor:anxiety', op: '>=', value: 10 },
    },
    {
      code: 'stress_moderate',
      label: t('压力达到中度及以上', 'Stress moderate or above'),
      when: { target: 'factor:stress', op: '>=', value: 19 },
    },
  ],
  critical: [],
  riskScore: {
    target: 'factor:depression',
    anchors: [
      [0, 0],
      [14, 60],
      [21, 80],
      [42, 100],
    ],
  },
};

import type { ScaleDefinitionInput } from '../definition';
import { bandsOf, itemsOf, t } from './helpers';

/**
 * PHQ-9, Patient Health Questionnaire depression module. Scoring and severity bands: Kroenke, Spitzer &
 * Williams (2001), J Gen Intern Med 16:606-613 (0-4 minimal, 5-9 mild, 10-14 moderate, 15-19 moderately
 * severe, 20-27 severe). Item 9 (thoughts of being better off dead or of self-harm) answered above 0 needs
 * a person whatever the total. Free to use: "no permission required to reproduce, translate, display or
 * distribute" (developed by Spitzer, Williams, Kroenke and colleagues with a grant from Pfizer).
 */
export const PHQ9: ScaleDefinitionInput = {
  code: 'PHQ9',
  version: 1,
  kind: 'scale',
  name: t('患者健康问卷抑郁量表（PHQ-9）', 'Patient Health Questionnaire (PHQ-9)'),
  shortName: 'PHQ-9',
  category: 'mental_health',
  reportType: 'SYMPTOM',
  chart: 'bar',
  licence: {
    kind: 'free',
    holder: 'Pfizer Inc.',
    note: 'No permission required to reproduce, translate, display or distribute.',
  },
  source: 'Kroenke K, Spitzer RL, Williams JBW. The PHQ-9. J Gen Intern Med 2001;16:606-613.',
  instructions: t(
    '在过去两周里，您有多少时间受到以下任何问题困扰？',
    'Over the last 2 weeks, how often have you been bothered by any of the following problems?',
  ),
  optionSets: {
    freq4: [
      { value: 0, score: 0, label: t('完全不会', 'Not at all') },
      { value: 1, score: 1, label: t('好几天', 'Several days') },
      { value: 2, score: 2, label: t('一半以上的天数', 'More than half the days') },
      { value: 3, score: 3, label: t('几乎每天', 'Nearly every day') },
    ],
  },
  items: itemsOf(
    [
      ['做事时提不起劲或没有兴趣', 'Little interest or pleasure in doing things'],
      ['感到心情低落、沮丧或绝望', 'Feeling down, depressed, or hopeless'],
      ['入睡困难、睡不安稳或睡眠过多', 'Trouble falling or staying asleep, or sleeping too much'],
      ['感觉疲倦或没有活力', 'Feeling tired or having little energy'],
      ['食欲不振或吃太多', 'Poor appetite or overeating'],
      [
        '觉得自己很糟，或觉得自己很失败，或让自己或家人失望',
        'Feeling bad about yourself, or that you are a failure or have let yourself or your family down',
      ],
      [
        '对事物专注有困难，例如阅读报纸或看电视时',
        'Trouble concentrating on things, such as reading the newspaper or watching television',
      ],
      [
        '动作或说话速度缓慢到别人已经察觉？或正好相反，烦躁或坐立不安、动来动去的情况更胜于平常',
        'Moving or speaking so slowly that other people could have noticed? Or the opposite: being so fidgety or restless that you have been moving around a lot more than usual',
      ],
      [
        '有不如死掉或用某种方式伤害自己的念头',
        'Thoughts that you would be better off dead or of hurting yourself in some way',
      ],
    ],
    'freq4',
  ),
  factors: [],
  scoring: { total: 'sum' },
  norms: [],
  bands: bandsOf(
    'total',
    [5, 10, 15, 20],
    [
      {
        level: 0,
        label: t('无或极轻微抑郁', 'Minimal'),
        interpretation: t('目前没有明显的抑郁症状。', 'No notable depressive symptoms at present.'),
      },
      {
        level: 1,
        label: t('轻度抑郁', 'Mild'),
        interpretation: t(
          '有轻度抑郁症状，建议关注情绪变化，必要时复查。',
          'Mild depressive symptoms; watch for changes and screen again if needed.',
        ),
      },
      {
        level: 2,
        label: t('中度抑郁', 'Moderate'),
        interpretation: t(
          '有中度抑郁症状，建议与心理老师面谈评估。',
          'Moderate depressive symptoms; an interview with a counsellor is advised.',
        ),
      },
      {
        level: 3,
        label: t('中重度抑郁', 'Moderately severe'),
        interpretation: t(
          '有中重度抑郁症状，需要尽快面谈评估并考虑转介。',
          'Moderately severe symptoms; assess in person soon and consider referral.',
        ),
      },
      {
        level: 4,
        label: t('重度抑郁', 'Severe'),
        interpretation: t(
          '有重度抑郁症状，需要立即由专业人员评估。',
          'Severe symptoms; a professional assessment is needed at once.',
        ),
      },
    ],
  ),
  screens: [
    {
      code: 'total_ge_10',
      label: t('总分≥10（筛查阳性）', 'Total 10 or more (screen positive)'),
      when: { target: 'total', op: '>=', value: 10 },
    },
  ],
  critical: [
    {
      item: 9,
      op: '>',
      value: 0,
      reason: t('第9题提示有自伤或轻生念头', 'Item 9: thoughts of death or self-harm'),
    },
  ],
  riskScore: {
    target: 'total',
    anchors: [
      [0, 0],
      [10, 60],
      [15, 80],
      [27, 100],
    ],
  },
};

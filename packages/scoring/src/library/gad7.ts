import type { ScaleDefinitionInput } from '../definition';
import { bandsOf, itemsOf, t } from './helpers';
import { PHQ9 } from './phq9';

/**
 * GAD-7, Generalized Anxiety Disorder scale. Scoring and bands: Spitzer, Kroenke, Williams & Löwe (2006),
 * Arch Intern Med 166:1092-1097 (cut-points 5, 10 and 15 for mild, moderate and severe anxiety; 10 the
 * suggested screening threshold). Free to use on the same terms as the PHQ-9.
 */
export const GAD7: ScaleDefinitionInput = {
  code: 'GAD7',
  version: 1,
  kind: 'scale',
  name: t('广泛性焦虑量表（GAD-7）', 'Generalized Anxiety Disorder scale (GAD-7)'),
  shortName: 'GAD-7',
  category: 'mental_health',
  reportType: 'SYMPTOM',
  chart: 'bar',
  licence: PHQ9.licence,
  source:
    'Spitzer RL, Kroenke K, Williams JBW, Löwe B. A brief measure for assessing generalized anxiety disorder: the GAD-7. Arch Intern Med 2006;166:1092-1097.',
  instructions: PHQ9.instructions,
  optionSets: PHQ9.optionSets,
  items: itemsOf(
    [
      ['感觉紧张、焦虑或急切', 'Feeling nervous, anxious, or on edge'],
      ['不能够停止或控制担忧', 'Not being able to stop or control worrying'],
      ['对各种各样的事情担忧过多', 'Worrying too much about different things'],
      ['很难放松下来', 'Trouble relaxing'],
      ['由于不安而无法静坐', "Being so restless that it's hard to sit still"],
      ['变得容易烦恼或急躁', 'Becoming easily annoyed or irritable'],
      ['感到似乎将有可怕的事情发生而害怕', 'Feeling afraid as if something awful might happen'],
    ],
    'freq4',
  ),
  factors: [],
  scoring: { total: 'sum' },
  norms: [],
  bands: bandsOf(
    'total',
    [5, 10, 15],
    [
      {
        level: 0,
        label: t('无或极轻微焦虑', 'Minimal'),
        interpretation: t('目前没有明显的焦虑症状。', 'No notable anxiety symptoms at present.'),
      },
      {
        level: 1,
        label: t('轻度焦虑', 'Mild'),
        interpretation: t(
          '有轻度焦虑症状，建议学习放松方法并关注变化。',
          'Mild anxiety; relaxation skills and watching for changes are advised.',
        ),
      },
      {
        level: 2,
        label: t('中度焦虑', 'Moderate'),
        interpretation: t(
          '有中度焦虑症状，建议与心理老师面谈评估。',
          'Moderate anxiety; an interview with a counsellor is advised.',
        ),
      },
      {
        level: 4,
        label: t('重度焦虑', 'Severe'),
        interpretation: t(
          '有重度焦虑症状，需要尽快由专业人员评估。',
          'Severe anxiety; a professional assessment is needed soon.',
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
  critical: [],
  riskScore: {
    target: 'total',
    anchors: [
      [0, 0],
      [10, 60],
      [15, 80],
      [21, 100],
    ],
  },
};

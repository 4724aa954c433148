import type { ScaleDefinitionInput } from '../definition';
import { bandsOf, itemsOf, t } from './helpers';

/**
 * Zung's self-rating scales, scored 1-4; reverse items counted 4-1; the standard index is the raw total
 * x 1.25, its integer part (Zung 1965: index = raw / 80 x 100; the Chinese rating-scale manuals: "粗分乘以
 * 1.25 后取整数部分"). Cut-offs of the Chinese norms: SDS 53 (Wang Chunfang et al. 1986), SAS 50 (Wu
 * Wenyuan 1990), with mild / moderate / severe steps of ten as the manuals give them.
 */
const ZUNG_LICENCE = {
  kind: 'free' as const,
  holder: 'W. W. K. Zung',
  note: 'Published in the journal article; used without fee. No publisher sells or licenses it.',
};

const freq4 = [
  { value: 1, score: 1, label: t('没有或很少时间', 'A little of the time') },
  { value: 2, score: 2, label: t('小部分时间', 'Some of the time') },
  { value: 3, score: 3, label: t('相当多时间', 'A good part of the time') },
  { value: 4, score: 4, label: t('绝大部分或全部时间', 'Most of the time') },
];

const severity = (what: { zh: string; en: string }) => [
  {
    level: 0,
    label: t('正常', 'Normal'),
    interpretation: t(`没有明显的${what.zh}症状。`, `No notable ${what.en} symptoms.`),
  },
  {
    level: 1,
    label: t(`轻度${what.zh}`, `Mild ${what.en}`),
    interpretation: t(
      `有轻度${what.zh}症状，建议关注并学习调节方法。`,
      `Mild ${what.en} symptoms; watch and learn ways to cope.`,
    ),
  },
  {
    level: 2,
    label: t(`中度${what.zh}`, `Moderate ${what.en}`),
    interpretation: t(
      `有中度${what.zh}症状，建议与心理老师面谈评估。`,
      `Moderate ${what.en} symptoms; an interview with a counsellor is advised.`,
    ),
  },
  {
    level: 3,
    label: t(`重度${what.zh}`, `Severe ${what.en}`),
    interpretation: t(
      `有重度${what.zh}症状，需要尽快由专业人员评估。`,
      `Severe ${what.en} symptoms; a professional assessment is needed soon.`,
    ),
  },
];

export const SDS: ScaleDefinitionInput = {
  code: 'SDS',
  version: 1,
  kind: 'scale',
  name: t('抑郁自评量表（SDS）', 'Self-Rating Depression Scale (SDS)'),
  shortName: 'SDS',
  category: 'mental_health',
  reportType: 'SYMPTOM',
  chart: 'bar',
  licence: ZUNG_LICENCE,
  source:
    'Zung WWK. A self-rating depression scale. Arch Gen Psychiatry 1965;12:63-70. Chinese norm: Wang Chunfang et al. 1986 (cut-off 53).',
  instructions: t(
    '请根据您最近一周的实际感觉，选择最符合的答案。',
    'Choose the answer that best fits how you have felt during the past week.',
  ),
  optionSets: { freq4 },
  items: itemsOf(
    [
      ['我觉得闷闷不乐，情绪低沉', 'I feel down-hearted and blue'],
      ['我觉得一天之中早晨最好', 'Morning is when I feel the best'],
      ['我一阵阵哭出来或觉得想哭', 'I have crying spells or feel like it'],
      ['我晚上睡眠不好', 'I have trouble sleeping at night'],
      ['我吃得跟平常一样多', 'I eat as much as I used to'],
      ['我与异性密切接触时和以往一样感到愉快', 'I still enjoy being close to the opposite sex'],
      ['我发觉我的体重在下降', 'I notice that I am losing weight'],
      ['我有便秘的苦恼', 'I have trouble with constipation'],
      ['我心跳比平常快', 'My heart beats faster than usual'],
      ['我无缘无故地感到疲乏', 'I get tired for no reason'],
      ['我的头脑跟平常一样清楚', 'My mind is as clear as it used to be'],
      ['我觉得经常做的事情并没有困难', 'I find it easy to do the things I used to'],
      ['我觉得不安而平静不下来', "I am restless and can't keep still"],
      ['我对将来抱有希望', 'I feel hopeful about the future'],
      ['我比平常容易生气激动', 'I am more irritable than usual'],
      ['我觉得作出决定是容易的', 'I find it easy to make decisions'],
      ['我觉得自己是个有用的人，有人需要我', 'I feel that I am useful and needed'],
      ['我的生活过得很有意思', 'My life is pretty full'],
      ['我认为如果我死了，别人会生活得好些', 'I feel that others would be better off if I were dead'],
      ['平常感兴趣的事我仍然照样感兴趣', 'I still enjoy the things I used to do'],
    ],
    'freq4',
    [2, 5, 6, 11, 12, 14, 16, 17, 18, 20],
  ),
  factors: [],
  scoring: { total: 'sum', index: { multiplier: 1.25, rounding: 'floor' } },
  norms: [],
  bands: bandsOf('index', [53, 63, 73], severity({ zh: '抑郁', en: 'depressive' })),
  screens: [
    {
      code: 'index_ge_53',
      label: t('标准分≥53', 'Index 53 or more'),
      when: { target: 'index', op: '>=', value: 53 },
    },
  ],
  critical: [
    {
      item: 19,
      op: '>=',
      value: 2,
      reason: t('第19题“如果我死了别人会生活得好些”', 'Item 19: others would be better off if I were dead'),
    },
  ],
  riskScore: {
    target: 'index',
    anchors: [
      [25, 0],
      [53, 60],
      [63, 80],
      [100, 100],
    ],
  },
};

export const SAS: ScaleDefinitionInput = {
  code: 'SAS',
  version: 1,
  kind: 'scale',
  name: t('焦虑自评量表（SAS）', 'Self-Rating Anxiety Scale (SAS)'),
  shortName: 'SAS',
  category: 'mental_health',
  reportType: 'SYMPTOM',
  chart: 'bar',
  licence: ZUNG_LICENCE,
  source:
    'Zung WWK. A rating instrument for anxiety disorders. Psychosomatics 1971;12:371-379. Chinese norm: Wu Wenyuan 1990 (cut-off 50).',
  instructions: SDS.instructions,
  optionSets: { freq4 },
  items: itemsOf(
    [
      ['我觉得比平常容易紧张和着急', 'I feel more nervous and anxious than usual'],
      ['我无缘无故地感到害怕', 'I feel afraid for no reason at all'],
      ['我容易心里烦乱或觉得惊恐', 'I get upset easily or feel panicky'],
      ['我觉得我可能将要发疯', "I feel like I'm falling apart and going to pieces"],
      [
        '我觉得一切都很好，也不会发生什么不幸',
        'I feel that everything is all right and nothing bad will happen',
      ],
      ['我手脚发抖打颤', 'My arms and legs shake and tremble'],
      ['我因为头痛、颈痛和背痛而苦恼', 'I am bothered by headaches, neck and back pain'],
      ['我感觉容易衰弱和疲乏', 'I feel weak and get tired easily'],
      ['我觉得心平气和，并且容易安静坐着', 'I feel calm and can sit still easily'],
      ['我觉得心跳得很快', 'I can feel my heart beating fast'],
      ['我因为一阵阵头晕而苦恼', 'I am bothered by dizzy spells'],
      ['我有晕倒发作或觉得要晕倒似的', 'I have fainting spells or feel like it'],
      ['我呼气吸气都感到很容易', 'I can breathe in and out easily'],
      ['我手脚麻木和刺痛', 'I get numbness and tingling in my fingers and toes'],
      ['我因为胃痛和消化不良而苦恼', 'I am bothered by stomach aches or indigestion'],
      ['我常常要小便', 'I have to empty my bladder often'],
      ['我的手常常是干燥温暖的', 'My hands are usually dry and warm'],
      ['我脸红发热', 'My face gets hot and blushes'],
      ['我容易入睡并且一夜睡得很好', "I fall asleep easily and get a good night's rest"],
      ['我做恶梦', 'I have nightmares'],
    ],
    'freq4',
    [5, 9, 13, 17, 19],
  ),
  factors: [],
  scoring: { total: 'sum', index: { multiplier: 1.25, rounding: 'floor' } },
  norms: [],
  bands: bandsOf('index', [50, 60, 70], severity({ zh: '焦虑', en: 'anxiety' })),
  screens: [
    {
      code: 'index_ge_50',
      label: t('标准分≥50', 'Index 50 or more'),
      when: { target: 'index', op: '>=', value: 50 },
    },
  ],
  critical: [],
  riskScore: {
    target: 'index',
    anchors: [
      [25, 0],
      [50, 60],
      [60, 80],
      [100, 100],
    ],
  },
};

import type { ScaleDefinitionInput } from '../definition';
import { t } from './helpers';

/**
 * The 50-item IPIP representation of Goldberg's (1992) Big-Five factor markers, International
 * Personality Item Pool (public domain). Keying as published with the items: each factor has ten items,
 * "+" keyed scored 1-5 and "-" keyed 5-1; a factor score is the sum (10-50). Goldberg LR (1992), The
 * development of markers for the Big-Five factor structure, Psychological Assessment 4:26-42. IPIP
 * gives no norms; the report shows scores against the scale's range. Chinese texts are ours.
 */
type Key = 'E' | 'A' | 'C' | 'ES' | 'I';
const ITEMS: [zh: string, en: string, key: Key, plus: boolean][] = [
  ['我是聚会中的活跃人物', 'Am the life of the party.', 'E', true],
  ['我不太关心别人', 'Feel little concern for others.', 'A', false],
  ['我总是做好准备', 'Am always prepared.', 'C', true],
  ['我很容易感到有压力', 'Get stressed out easily.', 'ES', false],
  ['我的词汇量很丰富', 'Have a rich vocabulary.', 'I', true],
  ['我话不多', "Don't talk a lot.", 'E', false],
  ['我对人感兴趣', 'Am interested in people.', 'A', true],
  ['我的东西到处乱放', 'Leave my belongings around.', 'C', false],
  ['我大多数时候都很放松', 'Am relaxed most of the time.', 'ES', true],
  ['我难以理解抽象的概念', 'Have difficulty understanding abstract ideas.', 'I', false],
  ['我和别人在一起时感到自在', 'Feel comfortable around people.', 'E', true],
  ['我会出言伤人', 'Insult people.', 'A', false],
  ['我注意细节', 'Pay attention to details.', 'C', true],
  ['我常常担心', 'Worry about things.', 'ES', false],
  ['我的想象力很丰富', 'Have a vivid imagination.', 'I', true],
  ['我喜欢待在不起眼的地方', 'Keep in the background.', 'E', false],
  ['我能体谅别人的感受', "Sympathize with others' feelings.", 'A', true],
  ['我会把事情弄得一团糟', 'Make a mess of things.', 'C', false],
  ['我很少情绪低落', 'Seldom feel blue.', 'ES', true],
  ['我对抽象的想法不感兴趣', 'Am not interested in abstract ideas.', 'I', false],
  ['我会主动开始交谈', 'Start conversations.', 'E', true],
  ['我对别人的问题不感兴趣', "Am not interested in other people's problems.", 'A', false],
  ['我会马上把杂事做完', 'Get chores done right away.', 'C', true],
  ['我很容易心烦意乱', 'Am easily disturbed.', 'ES', false],
  ['我常有很好的主意', 'Have excellent ideas.', 'I', true],
  ['我没什么话可说', 'Have little to say.', 'E', false],
  ['我心肠很软', 'Have a soft heart.', 'A', true],
  ['我常常忘记把东西放回原处', 'Often forget to put things back in their proper place.', 'C', false],
  ['我很容易生气', 'Get upset easily.', 'ES', false],
  ['我的想象力不好', 'Do not have a good imagination.', 'I', false],
  ['在聚会上我会和很多不同的人交谈', 'Talk to a lot of different people at parties.', 'E', true],
  ['我对别人并不真的感兴趣', 'Am not really interested in others.', 'A', false],
  ['我喜欢有条理', 'Like order.', 'C', true],
  ['我的心情变化很多', 'Change my mood a lot.', 'ES', false],
  ['我理解事情很快', 'Am quick to understand things.', 'I', true],
  ['我不喜欢引人注意', "Don't like to draw attention to myself.", 'E', false],
  ['我会抽时间陪伴别人', 'Take time out for others.', 'A', true],
  ['我会逃避自己的责任', 'Shirk my duties.', 'C', false],
  ['我的情绪经常大起大落', 'Have frequent mood swings.', 'ES', false],
  ['我会使用难懂的词语', 'Use difficult words.', 'I', true],
  ['我不介意成为众人注意的中心', "Don't mind being the center of attention.", 'E', true],
  ['我能感受到别人的情绪', "Feel others' emotions.", 'A', true],
  ['我按计划做事', 'Follow a schedule.', 'C', true],
  ['我很容易被激怒', 'Get irritated easily.', 'ES', false],
  ['我会花时间反思', 'Spend time reflecting on things.', 'I', true],
  ['我在陌生人面前很安静', 'Am quiet around strangers.', 'E', false],
  ['我能让人感到轻松自在', 'Make people feel at ease.', 'A', true],
  ['我对工作要求严格', 'Am exacting in my work.', 'C', true],
  ['我经常情绪低落', 'Often feel blue.', 'ES', false],
  ['我的想法很多', 'Am full of ideas.', 'I', true],
];

const FACTOR_NAMES: Record<Key, [string, string]> = {
  E: ['外向性', 'Extraversion'],
  A: ['宜人性', 'Agreeableness'],
  C: ['尽责性', 'Conscientiousness'],
  ES: ['情绪稳定性', 'Emotional stability'],
  I: ['智力/想象力', 'Intellect / imagination'],
};

const band = (key: Key, [zh, en]: [string, string]) => [
  {
    target: `factor:${key}` as const,
    below: 24,
    level: 0,
    label: t('偏低', 'Low'),
    interpretation: t(`${zh}得分偏低。`, `A low ${en.toLowerCase()} score.`),
  },
  {
    target: `factor:${key}` as const,
    from: 24,
    below: 37,
    level: 0,
    label: t('中等', 'Average'),
    interpretation: t(`${zh}得分中等。`, `An average ${en.toLowerCase()} score.`),
  },
  {
    target: `factor:${key}` as const,
    from: 37,
    level: 0,
    label: t('偏高', 'High'),
    interpretation: t(`${zh}得分偏高。`, `A high ${en.toLowerCase()} score.`),
  },
];

export const IPIP50: ScaleDefinitionInput = {
  code: 'IPIP50',
  version: 1,
  kind: 'scale',
  name: t('大五人格标记量表（IPIP 50题）', 'IPIP Big-Five Factor Markers (50 items)'),
  shortName: 'IPIP-50',
  category: 'personality',
  reportType: 'BIG_FIVE',
  chart: 'radar',
  licence: {
    kind: 'public-domain',
    holder: 'International Personality Item Pool',
    note: 'IPIP items and scales are in the public domain; they may be used for any purpose without permission or fee.',
  },
  source:
    'Goldberg LR. The development of markers for the Big-Five factor structure. Psychol Assess 1992;4:26-42; items from ipip.ori.org.',
  instructions: t(
    '下面的句子描述人们的行为。请根据您现在一般的样子（而不是希望将来成为的样子）判断每句话对您的描述有多准确。',
    'Describe yourself as you generally are now, not as you wish to be in the future. Indicate how accurately each statement describes you.',
  ),
  optionSets: {
    accuracy5: [
      { value: 1, score: 1, label: t('非常不准确', 'Very inaccurate') },
      { value: 2, score: 2, label: t('比较不准确', 'Moderately inaccurate') },
      { value: 3, score: 3, label: t('说不清', 'Neither accurate nor inaccurate') },
      { value: 4, score: 4, label: t('比较准确', 'Moderately accurate') },
      { value: 5, score: 5, label: t('非常准确', 'Very accurate') },
    ],
  },
  items: ITEMS.map(([zh, en, , plus], i) => ({
    no: i + 1,
    text: t(zh, en),
    optionSet: 'accuracy5',
    ...(plus ? {} : { reverse: true }),
  })),
  factors: (Object.keys(FACTOR_NAMES) as Key[]).map((key) => ({
    code: key,
    name: t(...FACTOR_NAMES[key]),
    items: ITEMS.flatMap(([, , k], i) => (k === key ? [i + 1] : [])),
    method: 'sum' as const,
  })),
  scoring: { total: null },
  norms: [],
  bands: (Object.keys(FACTOR_NAMES) as Key[]).flatMap((key) => band(key, FACTOR_NAMES[key])),
  screens: [],
  critical: [],
};

import type { ScaleDefinitionInput, ScaleFactor, Target } from '../definition';
import { bandsOf, itemsOf, t } from './helpers';

/**
 * SCL-90, the 90-item symptom checklist (Derogatis, Lipman & Covi 1973) in Wang Zhengyu's 1984 Chinese
 * translation, scored 1-5 as in Chinese practice. Factors and item assignment as in the 1973 checklist;
 * the Chinese adult norm of Jin Hua, Wu Wenyuan & Zhang Mingyuan (1986), Chinese Journal of Nervous and
 * Mental Diseases 12(5):260-263, n = 1,388; the usual positive-screen rules of Chinese practice: total
 * above 160, more than 43 positive items (score 2 or more), or any factor mean of 2 or more. The English
 * texts render the Chinese items for reading; they are not the SCL-90-R (Pearson).
 */
const TEXTS: [string, string][] = [
  ['头痛', 'Headaches'],
  ['神经过敏，心中不踏实', 'Nervousness or shakiness inside'],
  ['头脑中有不必要的想法或字句盘旋', 'Unwanted thoughts or words going round in your mind'],
  ['头昏或昏倒', 'Faintness or dizziness'],
  ['对异性的兴趣减退', 'Less interest in the opposite sex'],
  ['对旁人责备求全', 'Being critical of others'],
  ['感到别人能控制您的思想', 'The idea that someone else can control your thoughts'],
  ['责怪别人制造麻烦', 'Blaming others for your troubles'],
  ['忘性大', 'Trouble remembering things'],
  ['担心自己的衣饰整齐及仪态的端正', 'Worrying about being neat and properly dressed'],
  ['容易烦恼和激动', 'Feeling easily annoyed or irritated'],
  ['胸痛', 'Pains in the chest'],
  ['害怕空旷的场所或街道', 'Feeling afraid in open spaces or in the streets'],
  ['感到自己的精力下降，活动减慢', 'Feeling low in energy or slowed down'],
  ['想结束自己的生命', 'Thoughts of ending your life'],
  ['听到旁人听不到的声音', 'Hearing voices that other people do not hear'],
  ['发抖', 'Trembling'],
  ['感到大多数人都不可信任', 'Feeling that most people cannot be trusted'],
  ['胃口差', 'Poor appetite'],
  ['容易哭泣', 'Crying easily'],
  ['同异性相处时感到害羞不自在', 'Feeling shy or uneasy with the opposite sex'],
  ['感到受骗、中了圈套或有人想抓您', 'Feeling trapped, tricked or that someone wants to catch you'],
  ['无缘无故地突然感到害怕', 'Suddenly scared for no reason'],
  ['自己不能控制地大发脾气', 'Temper outbursts you could not control'],
  ['怕单独出门', 'Feeling afraid to go out alone'],
  ['经常责怪自己', 'Blaming yourself for things'],
  ['腰痛', 'Pains in the lower back'],
  ['感到难以完成任务', 'Feeling blocked in getting things done'],
  ['感到孤独', 'Feeling lonely'],
  ['感到苦闷', 'Feeling low or blue'],
  ['过分担忧', 'Worrying too much about things'],
  ['对事物不感兴趣', 'Feeling no interest in things'],
  ['感到害怕', 'Feeling fearful'],
  ['您的感情容易受到伤害', 'Your feelings being easily hurt'],
  ['旁人能知道您的私下想法', 'Other people being aware of your private thoughts'],
  ['感到别人不理解您、不同情您', 'Feeling that others do not understand you or are unsympathetic'],
  ['感到人们对您不友好，不喜欢您', 'Feeling that people are unfriendly or dislike you'],
  ['做事必须做得很慢以保证做得正确', 'Having to do things very slowly to be sure they are right'],
  ['心跳得很厉害', 'Heart pounding or racing'],
  ['恶心或胃部不舒服', 'Nausea or an upset stomach'],
  ['感到比不上他人', 'Feeling inferior to others'],
  ['肌肉酸痛', 'Soreness of your muscles'],
  ['感到有人在监视您、谈论您', 'Feeling that you are watched or talked about by others'],
  ['难以入睡', 'Trouble falling asleep'],
  ['做事必须反复检查', 'Having to check and double-check what you do'],
  ['难以做出决定', 'Difficulty making decisions'],
  ['怕乘电车、公共汽车、地铁或火车', 'Feeling afraid to travel on trams, buses, the underground or trains'],
  ['呼吸有困难', 'Trouble getting your breath'],
  ['一阵阵发冷或发热', 'Hot or cold spells'],
  [
    '因为感到害怕而避开某些东西、场合或活动',
    'Having to avoid certain things, places or activities because they frighten you',
  ],
  ['脑子变空了', 'Your mind going blank'],
  ['身体发麻或刺痛', 'Numbness or tingling in parts of your body'],
  ['喉咙有梗塞感', 'A lump in your throat'],
  ['感到没有前途，没有希望', 'Feeling hopeless about the future'],
  ['不能集中注意力', 'Trouble concentrating'],
  ['感到身体的某一部分软弱无力', 'Feeling weak in parts of your body'],
  ['感到紧张或容易紧张', 'Feeling tense or keyed up'],
  ['感到手或脚发重', 'Heavy feelings in your arms or legs'],
  ['想到死亡的事', 'Thoughts of death or dying'],
  ['吃得太多', 'Overeating'],
  ['当别人看着您或谈论您时感到不自在', 'Feeling uneasy when people are watching or talking about you'],
  ['有一些不属于您自己的想法', 'Having thoughts that are not your own'],
  ['有想打人或伤害他人的冲动', 'Having urges to beat, injure or harm someone'],
  ['醒得太早', 'Waking too early in the morning'],
  ['必须反复洗手、点数目或触摸某些东西', 'Having to repeat actions such as washing, counting or touching'],
  ['睡得不稳不深', 'Sleep that is restless or light'],
  ['有想摔坏或破坏东西的冲动', 'Having urges to break or smash things'],
  ['有一些别人没有的想法或念头', 'Having ideas or beliefs that others do not share'],
  ['感到对别人神经过敏', 'Feeling very self-conscious with others'],
  ['在商店或电影院等人多的地方感到不自在', 'Feeling uneasy in crowds, such as in shops or at the cinema'],
  ['感到任何事情都很困难', 'Feeling everything is an effort'],
  ['一阵阵恐惧或惊恐', 'Spells of terror or panic'],
  ['感到在公共场合吃东西很不舒服', 'Feeling uncomfortable about eating or drinking in public'],
  ['经常与人争论', 'Getting into frequent arguments'],
  ['单独一人时神经很紧张', 'Feeling nervous when you are left alone'],
  [
    '别人没有适当地肯定您的成绩时感到烦恼',
    'Feeling upset when others do not give you proper credit for what you achieve',
  ],
  ['即使和别人在一起也感到孤单', 'Feeling lonely even when you are with people'],
  ['感到坐立不安心神不定', "Feeling so restless you couldn't sit still"],
  ['感到自己没有什么价值', 'Feelings of worthlessness'],
  ['感到熟悉的东西变得陌生或不像是真的', 'Feeling that familiar things are strange or unreal'],
  ['大叫或摔东西', 'Shouting or throwing things'],
  ['害怕会在公共场合昏倒', 'Feeling afraid you will faint in public'],
  ['感到别人想占您的便宜', 'Feeling that people will take advantage of you'],
  ['为一些有关性的想法而很苦恼', 'Being troubled by thoughts about sex'],
  ['您认为应该因为自己的过错而受到惩罚', 'The idea that you should be punished for your wrongs'],
  ['感到要赶快把事情做完', 'Feeling pushed to get things done'],
  ['感到自己的身体有严重问题', 'The idea that something serious is wrong with your body'],
  ['从未感到和其他人很亲近', 'Never feeling close to another person'],
  ['感到自己有罪', 'Feelings of guilt'],
  ['感到自己的脑子有毛病', 'The idea that something is wrong with your mind'],
];

const factor = (code: string, zh: string, en: string, items: number[]): ScaleFactor => ({
  code,
  name: t(zh, en),
  items,
  method: 'mean',
});

/** The nine symptom factors (the tenth, "other", holds sleep and appetite items and has no norm). */
export const SCL90_SYMPTOM_FACTORS = ['SOM', 'OC', 'IS', 'DEP', 'ANX', 'HOS', 'PHOB', 'PAR', 'PSY'] as const;

const FACTORS: ScaleFactor[] = [
  factor('SOM', '躯体化', 'Somatization', [1, 4, 12, 27, 40, 42, 48, 49, 52, 53, 56, 58]),
  factor('OC', '强迫症状', 'Obsessive-compulsive', [3, 9, 10, 28, 38, 45, 46, 51, 55, 65]),
  factor('IS', '人际关系敏感', 'Interpersonal sensitivity', [6, 21, 34, 36, 37, 41, 61, 69, 73]),
  factor('DEP', '抑郁', 'Depression', [5, 14, 15, 20, 22, 26, 29, 30, 31, 32, 54, 71, 79]),
  factor('ANX', '焦虑', 'Anxiety', [2, 17, 23, 33, 39, 57, 72, 78, 80, 86]),
  factor('HOS', '敌对', 'Hostility', [11, 24, 63, 67, 74, 81]),
  factor('PHOB', '恐怖', 'Phobic anxiety', [13, 25, 47, 50, 70, 75, 82]),
  factor('PAR', '偏执', 'Paranoid ideation', [8, 18, 43, 68, 76, 83]),
  factor('PSY', '精神病性', 'Psychoticism', [7, 16, 35, 62, 77, 84, 85, 87, 88, 90]),
  factor('OTHER', '其他（睡眠、饮食）', 'Other (sleep, appetite)', [19, 44, 59, 60, 64, 66, 89]),
];

/** Jin Hua et al. 1986, Chinese normal adults: mean and SD per target. */
const NORM_1986: [string, number, number][] = [
  ['total', 129.96, 38.76],
  ['positiveItems', 24.92, 18.41],
  ['factor:SOM', 1.37, 0.48],
  ['factor:OC', 1.62, 0.58],
  ['factor:IS', 1.65, 0.51],
  ['factor:DEP', 1.5, 0.59],
  ['factor:ANX', 1.39, 0.43],
  ['factor:HOS', 1.48, 0.56],
  ['factor:PHOB', 1.23, 0.41],
  ['factor:PAR', 1.43, 0.57],
  ['factor:PSY', 1.29, 0.42],
];

const factorBands = FACTORS.flatMap((f) =>
  bandsOf(
    `factor:${f.code}`,
    [2, 3, 4],
    [
      {
        level: 0,
        label: t('正常', 'Normal'),
        interpretation: t(
          `${f.name.zh}方面没有明显症状。`,
          `No notable ${f.name.en.toLowerCase()} symptoms.`,
        ),
      },
      {
        level: 1,
        label: t('轻度', 'Mild'),
        interpretation: t(
          `${f.name.zh}方面有轻度症状（因子分≥2），建议关注。`,
          `Mild ${f.name.en.toLowerCase()} symptoms (factor mean 2 or more); worth attention.`,
        ),
      },
      {
        level: 2,
        label: t('中度', 'Moderate'),
        interpretation: t(
          `${f.name.zh}方面有中度症状（因子分≥3），建议面谈评估。`,
          `Moderate ${f.name.en.toLowerCase()} symptoms (factor mean 3 or more); an interview is advised.`,
        ),
      },
      {
        level: 3,
        label: t('重度', 'Severe'),
        interpretation: t(
          `${f.name.zh}方面有较重症状（因子分≥4），需要尽快评估。`,
          `Severe ${f.name.en.toLowerCase()} symptoms (factor mean 4 or more); assess soon.`,
        ),
      },
    ],
  ),
);

export const SCL90: ScaleDefinitionInput = {
  code: 'SCL90',
  version: 1,
  kind: 'scale',
  name: t('症状自评量表（SCL-90）', 'Symptom Checklist 90 (SCL-90)'),
  shortName: 'SCL-90',
  category: 'mental_health',
  reportType: 'SCL90',
  chart: 'radar',
  licence: {
    kind: 'free',
    holder: 'Derogatis, Lipman & Covi 1973; Chinese translation Wang Zhengyu 1984',
    note: 'The 1973 checklist as translated into Chinese, used without fee in Chinese practice. The revised SCL-90-R is published by Pearson and is not shipped.',
  },
  source:
    'Derogatis LR, Lipman RS, Covi L. SCL-90: an outpatient psychiatric rating scale. Psychopharmacol Bull 1973;9:13-28. Norm: Jin Hua, Wu Wenyuan, Zhang Mingyuan 1986.',
  instructions: t(
    '以下列出了有些人可能会有的问题，请仔细阅读每一条，根据最近一星期以内下述情况影响您的实际感觉，选择最合适的答案。',
    'Below are problems people sometimes have. Read each one and choose how much it has bothered you during the past week.',
  ),
  optionSets: {
    sev5: [
      { value: 1, score: 1, label: t('没有', 'Not at all') },
      { value: 2, score: 2, label: t('很轻', 'A little') },
      { value: 3, score: 3, label: t('中等', 'Moderately') },
      { value: 4, score: 4, label: t('偏重', 'Quite a bit') },
      { value: 5, score: 5, label: t('严重', 'Extremely') },
    ],
  },
  items: itemsOf(TEXTS, 'sev5'),
  factors: FACTORS,
  scoring: { total: 'sum', positiveItem: { minScore: 2 } },
  norms: [
    {
      id: 'cn_adult_1986',
      population: t('中国正常成人（1986）', 'Chinese normal adults (1986)'),
      source: 'Jin Hua, Wu Wenyuan, Zhang Mingyuan. Chin J Nerv Ment Dis 1986;12(5):260-263.',
      n: 1388,
      stats: NORM_1986.map(([target, mean, sd]) => ({ target: target as Target, mean, sd })),
    },
  ],
  bands: [
    ...bandsOf(
      'total',
      [161, 200, 250],
      [
        {
          level: 0,
          label: t('正常范围', 'Within the normal range'),
          interpretation: t('总分在正常范围内。', 'The total is within the normal range.'),
        },
        {
          level: 1,
          label: t('可能有心理问题', 'Possible difficulties'),
          interpretation: t(
            '总分超过160分，提示可能存在某些心理问题，建议面谈了解。',
            'A total above 160 suggests some psychological difficulties; an interview is advised.',
          ),
        },
        {
          level: 2,
          label: t('有较明显的心理问题', 'Marked difficulties'),
          interpretation: t(
            '总分达到200分以上，提示有较明显的心理问题，需要尽快评估。',
            'A total of 200 or more suggests marked difficulties; assess soon.',
          ),
        },
        {
          level: 3,
          label: t('有严重的心理问题', 'Severe difficulties'),
          interpretation: t(
            '总分达到250分以上，提示心理问题严重，需要立即评估。',
            'A total of 250 or more suggests severe difficulties; assess at once.',
          ),
        },
      ],
    ),
    ...factorBands,
  ],
  screens: [
    {
      code: 'total_gt_160',
      label: t('总分>160', 'Total above 160'),
      when: { target: 'total', op: '>', value: 160 },
    },
    {
      code: 'positive_gt_43',
      label: t('阳性项目数>43', 'More than 43 positive items'),
      when: { target: 'positiveItems', op: '>', value: 43 },
    },
    {
      code: 'factor_ge_2',
      label: t('任一因子分≥2', 'Any factor mean of 2 or more'),
      when: { anyFactor: [...SCL90_SYMPTOM_FACTORS], op: '>=', value: 2 },
    },
  ],
  critical: [
    {
      item: 15,
      op: '>=',
      value: 3,
      reason: t(
        '第15题“想结束自己的生命”达到中等及以上',
        'Item 15, thoughts of ending your life, at "moderately" or above',
      ),
    },
  ],
  riskScore: {
    target: 'total',
    anchors: [
      [90, 0],
      [161, 60],
      [200, 80],
      [450, 100],
    ],
  },
};

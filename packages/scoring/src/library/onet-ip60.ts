import type { ScaleDefinitionInput } from '../definition';
import { t } from './helpers';

/**
 * O*NET Interest Profiler Short Form (60 items, ten per RIASEC area), U.S. Department of Labor / O*NET
 * Resource Center. Each activity is answered from "strongly dislike" (0) to "strongly like" (4), so an
 * area scores 0-40; the Holland code is the three highest areas (ties in R-I-A-S-E-C order). Rounds J,
 * Su R, Lewis P, Rivkin D (2010), O*NET Interest Profiler Short Form Psychometric Characteristics,
 * National Center for O*NET Development. Chinese texts are ours (a modified version, as the terms ask to
 * say).
 */
type Area = 'R' | 'I' | 'A' | 'S' | 'E' | 'C';
const ACTIVITIES: Record<Area, [string, string][]> = {
  R: [
    ['制作厨房橱柜', 'Build kitchen cabinets'],
    ['铺砖或瓷砖', 'Lay brick or tile'],
    ['修理家用电器', 'Repair household appliances'],
    ['在鱼类孵化场养鱼', 'Raise fish in a fish hatchery'],
    ['组装电子零件', 'Assemble electronic parts'],
    ['驾驶卡车为办公室和家庭送包裹', 'Drive a truck to deliver packages to offices and homes'],
    ['在发货前检验零件质量', 'Test the quality of parts before shipment'],
    ['修理和安装门锁', 'Repair and install locks'],
    ['调试和操作机器来生产产品', 'Set up and operate machines to make products'],
    ['扑灭森林火灾', 'Put out forest fires'],
  ],
  I: [
    ['研制一种新药', 'Develop a new medicine'],
    ['研究减少水污染的方法', 'Study ways to reduce water pollution'],
    ['做化学实验', 'Conduct chemical experiments'],
    ['研究行星的运动', 'Study the movement of planets'],
    ['用显微镜检查血液样本', 'Examine blood samples using a microscope'],
    ['调查火灾发生的原因', 'Investigate the cause of a fire'],
    ['开发更好地预报天气的方法', 'Develop a way to better predict the weather'],
    ['在生物实验室工作', 'Work in a biology lab'],
    ['发明一种糖的替代品', 'Invent a replacement for sugar'],
    ['做实验室检测来诊断疾病', 'Do laboratory tests to identify diseases'],
  ],
  A: [
    ['写书或剧本', 'Write books or plays'],
    ['演奏一种乐器', 'Play a musical instrument'],
    ['作曲或编曲', 'Compose or arrange music'],
    ['画画', 'Draw pictures'],
    ['为电影制作特效', 'Create special effects for movies'],
    ['为戏剧绘制布景', 'Paint sets for plays'],
    ['为电影或电视节目写剧本', 'Write scripts for movies or television shows'],
    ['表演爵士舞或踢踏舞', 'Perform jazz or tap dance'],
    ['在乐队中唱歌', 'Sing in a band'],
    ['剪辑电影', 'Edit movies'],
  ],
  S: [
    ['教一个人做一套运动', 'Teach an individual an exercise routine'],
    ['帮助别人解决个人或情绪问题', 'Help people with personal or emotional problems'],
    ['为别人提供职业指导', 'Give career guidance to people'],
    ['做康复治疗', 'Perform rehabilitation therapy'],
    ['在非营利组织做志愿者', 'Do volunteer work at a non-profit organization'],
    ['教孩子阅读', 'Teach children how to read'],
    ['和有智力障碍的孩子一起工作', 'Work with mentally disabled children'],
    ['在小学教一个班', 'Teach an elementary school class'],
    ['在夏令营照看孩子们的活动', 'Supervise the activities of children at a camp'],
    ['帮助老人料理日常生活', 'Help elderly people with their daily activities'],
  ],
  E: [
    ['买卖股票和债券', 'Buy and sell stocks and bonds'],
    ['管理一家零售商店', 'Manage a retail store'],
    ['经营一家美容美发店', 'Operate a beauty salon or barber shop'],
    ['管理大公司里的一个部门', 'Manage a department within a large company'],
    ['自己创业', 'Start your own business'],
    ['谈判商业合同', 'Negotiate business contracts'],
    ['在诉讼中代理当事人', 'Represent a client in a lawsuit'],
    ['推广一个新的服装系列', 'Market a new line of clothing'],
    ['在百货商店销售商品', 'Sell merchandise at a department store'],
    ['管理一家服装店', 'Manage a clothing store'],
  ],
  C: [
    ['用电脑软件制作电子表格', 'Develop a spreadsheet using computer software'],
    ['校对记录或表格', 'Proofread records or forms'],
    ['在大型计算机网络中安装软件', 'Load computer software into a large computer network'],
    ['操作计算器', 'Operate a calculator'],
    ['记录收发货物', 'Keep shipping and receiving records'],
    ['计算员工的工资', 'Calculate the wages of employees'],
    ['用手持电脑盘点物资', 'Inventory supplies using a hand-held computer'],
    ['登记租金付款', 'Record rent payments'],
    ['保管库存记录', 'Keep inventory records'],
    ['为单位盖邮戳、分拣和分发邮件', 'Stamp, sort, and distribute mail for an organization'],
  ],
};

const AREA_NAMES: Record<Area, [string, string]> = {
  R: ['现实型', 'Realistic'],
  I: ['研究型', 'Investigative'],
  A: ['艺术型', 'Artistic'],
  S: ['社会型', 'Social'],
  E: ['企业型', 'Enterprising'],
  C: ['常规型', 'Conventional'],
};
const AREAS: Area[] = ['R', 'I', 'A', 'S', 'E', 'C'];

/** Items interleaved R, I, A, S, E, C ten times, as the profiler presents them. */
const ORDER: { area: Area; text: [string, string] }[] = [];
for (let k = 0; k < 10; k += 1) for (const area of AREAS) ORDER.push({ area, text: ACTIVITIES[area][k]! });

export const ONET_IP60: ScaleDefinitionInput = {
  code: 'ONET_IP60',
  version: 1,
  kind: 'scale',
  name: t('O*NET 职业兴趣测评（简版60题）', 'O*NET Interest Profiler Short Form (60 items)'),
  shortName: 'O*NET IP-SF',
  category: 'career',
  reportType: 'HOLLAND',
  chart: 'radar',
  licence: {
    kind: 'free',
    holder: 'U.S. Department of Labor, Employment and Training Administration (O*NET)',
    note: 'O*NET Career Exploration Tools: free to use; a modified version (here: the Chinese texts) must say it is modified.',
  },
  source:
    'Rounds J, Su R, Lewis P, Rivkin D. O*NET Interest Profiler Short Form Psychometric Characteristics. National Center for O*NET Development; 2010.',
  instructions: t(
    '请想一想您是否喜欢做下面这些工作活动。不要考虑自己的学历、能力或收入，只考虑您是否喜欢做。',
    'Think about whether you would like or dislike doing each work activity. Do not think about education, training or pay; just whether you would enjoy it.',
  ),
  optionSets: {
    like5: [
      { value: 0, score: 0, label: t('非常不喜欢', 'Strongly dislike') },
      { value: 1, score: 1, label: t('不喜欢', 'Dislike') },
      { value: 2, score: 2, label: t('不确定', 'Unsure') },
      { value: 3, score: 3, label: t('喜欢', 'Like') },
      { value: 4, score: 4, label: t('非常喜欢', 'Strongly like') },
    ],
  },
  items: ORDER.map(({ text }, i) => ({ no: i + 1, text: t(...text), optionSet: 'like5' })),
  factors: AREAS.map((area) => ({
    code: area,
    name: t(...AREA_NAMES[area]),
    items: ORDER.flatMap((x, i) => (x.area === area ? [i + 1] : [])),
    method: 'sum' as const,
  })),
  scoring: { total: null, profile: { factors: AREAS, top: 3 } },
  norms: [],
  bands: AREAS.flatMap((area) => [
    {
      target: `factor:${area}` as const,
      below: 14,
      level: 0,
      label: t('兴趣较低', 'Low interest'),
      interpretation: t(
        `对${AREA_NAMES[area][0]}活动兴趣较低。`,
        `Little interest in ${AREA_NAMES[area][1].toLowerCase()} activities.`,
      ),
    },
    {
      target: `factor:${area}` as const,
      from: 14,
      below: 27,
      level: 0,
      label: t('兴趣一般', 'Some interest'),
      interpretation: t(
        `对${AREA_NAMES[area][0]}活动有一定兴趣。`,
        `Some interest in ${AREA_NAMES[area][1].toLowerCase()} activities.`,
      ),
    },
    {
      target: `factor:${area}` as const,
      from: 27,
      level: 0,
      label: t('兴趣较高', 'Strong interest'),
      interpretation: t(
        `对${AREA_NAMES[area][0]}活动兴趣较高。`,
        `Strong interest in ${AREA_NAMES[area][1].toLowerCase()} activities.`,
      ),
    },
  ]),
  screens: [],
  critical: [],
};

import type { FieldOption, LocalizedText } from './definition';
import { DICTIONARIES } from './dictionaries';

/**
 * The fixed value sets of the field library (spec S0.3.19-S0.3.30, S0.3.38, S1.3.4, S1.3.10, S1.3.11).
 * Values are the spec's and are stored in answers; labels the spec leaves out (for example the ten
 * values of currentStatus) are ours and can be relabelled in the builder. Dictionary-backed fields
 * (S0.3.16) take their items from the tenant's dictionaries, seeded from `DICTIONARIES`.
 */
type Entry = readonly [value: number, zh: string, en: string];

const text = (zh: string, en: string): LocalizedText => ({ 'zh-CN': zh, 'en-US': en });
const set = (entries: readonly Entry[]): readonly FieldOption[] =>
  entries.map(([value, zh, en]) => ({ value, label: text(zh, en) }));

/** The seeded items of a tenant dictionary as options (values are the dictionary's strings). */
export function dictionaryOptions(name: string): readonly FieldOption[] {
  const dict = DICTIONARIES.find((d) => d.name === name);
  if (!dict) throw new Error(`no seeded dictionary ${name}`);
  return dict.items.map(([value, zh, en]) => ({ value, label: text(zh, en) }));
}

export const YES1_NO0 = set([
  [1, '是', 'Yes'],
  [0, '否', 'No'],
]);
export const YES1_NO2 = set([
  [1, '是', 'Yes'],
  [2, '否', 'No'],
]);

export const VALUE_SETS = {
  /** S0.3.3: 1 male, 2 female (the `sex` dictionary). */
  sex: dictionaryOptions('sex'),
  /** S0.3.19 */
  repeatStatus: set([
    [1, '否', 'No'],
    [2, '是', 'Yes'],
  ]),
  isHospitalize: YES1_NO0,
  isUrgent: set([
    [0, '不紧急', 'Not urgent'],
    [1, '紧急', 'Urgent'],
  ]),
  /** S0.3.20 */
  consultMethod: set([
    [1, '面询', 'Face to face'],
    [2, '线上', 'Online'],
    [3, '均可', 'Either'],
  ]),
  /** S0.3.21 */
  visitorSatisfaction: set([
    [5, '非常满意', 'Very satisfied'],
    [4, '满意', 'Satisfied'],
    [3, '一般', 'Neutral'],
    [2, '不满意', 'Dissatisfied'],
    [1, '非常不满意', 'Very dissatisfied'],
  ]),
  /** S0.3.22 */
  videoAgree: YES1_NO0,
  researchAgree: YES1_NO0,
  /** S0.3.23 */
  injuryTendency: set([
    [3, '有', 'Yes'],
    [2, '可能有', 'Possible'],
    [1, '无', 'None'],
  ]),
  /** S0.3.26, S1.3.4 */
  oneConsultWishes: set([
    [1, '愿意，现在就可以', 'Willing now'],
    [2, '4 周后仍未排上咨询则愿意', 'Willing if not scheduled after 4 weeks'],
    [3, '不愿意', 'Not willing'],
  ]),
  teamConsultWishes: YES1_NO2,
  transferGroupConsultation: YES1_NO2,
  transferIndividualCounseling: YES1_NO2,
  /** S0.3.27 */
  trendsSchoolState: set([
    [1, '在读', 'Enrolled'],
    [2, '休学', 'On suspension'],
    [3, '请假', 'On leave'],
    [4, '延期（在校）', 'Extended, in school'],
    [5, '延期（不在校）', 'Extended, not in school'],
    [6, '已毕业', 'Graduated'],
    [7, '退学', 'Dropped out'],
    [8, '家长陪读并校外居住', 'Parent accompanying, living outside'],
  ]),
  /** S0.3.28 */
  transferTo: set([
    [1, '等待列表', 'Waiting list'],
    [2, '转介咨询师', 'Referral counsellor'],
  ]),
  transferToType: set([
    [2, '个体咨询', 'Individual counselling'],
    [10, '单次咨询', 'Single session'],
  ]),
  transferInternshipConsult: YES1_NO0,
  recordExtend: YES1_NO0,
  /** S0.3.29 */
  isAppointmentConsult: YES1_NO2,
  /** S0.3.30 crisis report */
  isCrisisStatus: YES1_NO2,
  suicidalSituations: set([
    [0, '自杀身亡', 'Completed'],
    [1, '自杀未遂', 'Attempted'],
    [2, '其他', 'Other'],
  ]),
  collegeLevelcrisis: set([
    [1, '密切关注', 'Close attention'],
    [2, '重点关注', 'Key attention'],
    [3, '常规关注', 'Routine attention'],
    [4, '无需关注', 'None'],
  ]),
  mentalDisordersHistory: set([
    [1, '无', 'None'],
    [2, '抑郁障碍', 'Depressive disorder'],
    [3, '双相障碍', 'Bipolar disorder'],
    [4, '精神分裂症', 'Schizophrenia'],
    [5, '其他', 'Other'],
  ]),
  currentStatus: set([
    [1, '情绪稳定', 'Stable'],
    [2, '情绪低落', 'Low mood'],
    [3, '焦虑紧张', 'Anxious'],
    [4, '睡眠困难', 'Sleep problems'],
    [5, '社交退缩', 'Withdrawn'],
    [6, '人际冲突', 'Conflict with others'],
    [7, '学业困难', 'Academic difficulties'],
    [8, '有自伤想法', 'Thoughts of self-harm'],
    [9, '有自杀想法', 'Thoughts of suicide'],
    [10, '其他', 'Other'],
  ]),
  selfHarmingStatus: set([
    [1, '无', 'None'],
    [2, '偶有想法', 'Occasional thoughts'],
    [3, '频繁想法', 'Frequent thoughts'],
    [4, '有计划', 'Has a plan'],
    [5, '有准备', 'Has prepared'],
    [6, '既往有行为', 'Past behaviour'],
    [7, '近期有行为', 'Recent behaviour'],
    [8, '工作中', 'At work'],
  ]),
  suicidalStatus: set([
    [1, '无', 'None'],
    [2, '偶有想法', 'Occasional thoughts'],
    [3, '频繁想法', 'Frequent thoughts'],
    [4, '有计划', 'Has a plan'],
    [5, '有准备', 'Has prepared'],
    [6, '既往有行为', 'Past behaviour'],
    [7, '近期有行为', 'Recent behaviour'],
    [8, '工作中', 'At work'],
  ]),
  graduationGone: set([
    [1, '签约就业', 'Employed'],
    [2, '国内升学', 'Further study in China'],
    [3, '出国（境）留学', 'Study abroad'],
    [4, '考取公务员', 'Civil service'],
    [5, '参军入伍', 'Military service'],
    [6, '自主创业', 'Own business'],
    [7, '灵活就业', 'Flexible employment'],
    [8, '备考', 'Preparing for exams'],
    [9, '求职中', 'Job-seeking'],
    [10, '延期毕业', 'Graduation delayed'],
    [11, '暂不就业', 'Not seeking work'],
    [12, '其他', 'Other'],
  ]),
  medicalStatus: set([
    [1, '未就医', 'No treatment'],
    [2, '门诊就医', 'Outpatient'],
    [3, '药物治疗', 'Medication'],
    [4, '心理治疗', 'Psychotherapy'],
    [5, '住院治疗', 'In hospital'],
    [6, '其他', 'Other'],
  ]),
  supportMeasures: set([
    [1, '心理咨询', 'Counselling'],
    [2, '家校联系', 'Contact with the family'],
    [3, '朋辈支持', 'Peer support'],
    [4, '学业调整', 'Academic adjustment'],
    [5, '其他', 'Other'],
  ]),
  referHospitalStatus: set([
    [1, '已转介医院', 'Referred to hospital'],
    [2, '未转介', 'Not referred'],
  ]),
  psyAssistanceSystem: YES1_NO2,
  InducingFactors: set([
    [1, '学业因素', 'Academic'],
    [2, '人际因素', 'Relationships'],
    [3, '家庭因素', 'Family'],
    [4, '健康因素', 'Health'],
    [5, '其他', 'Other'],
  ]),
  mentalDisorders: set([
    [1, '无', 'None'],
    [2, '疑似', 'Suspected'],
    [3, '确诊', 'Confirmed'],
  ]),
  /** S0.3.38: levels A-D store 1-4 */
  gradeLevel: set([
    [1, 'A', 'A'],
    [2, 'B', 'B'],
    [3, 'C', 'C'],
    [4, 'D', 'D'],
  ]),
  gradeStar: set([
    [1, '★', '★'],
    [2, '★★', '★★'],
    [3, '★★★', '★★★'],
    [4, '★★★★', '★★★★'],
  ]),
  /** S0.3.38: the server's verdict on a grade */
  gradeResult: set([
    [1, '一致', 'Consistent'],
    [0, '不一致', 'Inconsistent'],
  ]),
} as const satisfies Record<string, readonly FieldOption[]>;
export type ValueSetName = keyof typeof VALUE_SETS;

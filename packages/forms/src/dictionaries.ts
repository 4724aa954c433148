/**
 * The dictionaries every school starts with: those the form-builder field library names (spec S0.3.16,
 * "Dictionary-backed fields"). Each item: [value, Chinese label, English label]. Values are stable
 * (stored in answers); administrators may change labels, order and switch items off. The server seeds
 * them per school (apps/server/src/seed); the field library's dictionary-backed fields name them in
 * `dicUrl` and fall back to these items when no tenant dictionary is loaded.
 */
export interface DictSeed {
  name: string;
  description: string;
  items: [value: string, label: string, labelEn: string][];
}

/** The 56 ethnic groups of China, numbered as in GB/T 3304. */
const NATIONS: [string, string][] = [
  ['汉族', 'Han'],
  ['蒙古族', 'Mongol'],
  ['回族', 'Hui'],
  ['藏族', 'Tibetan'],
  ['维吾尔族', 'Uyghur'],
  ['苗族', 'Miao'],
  ['彝族', 'Yi'],
  ['壮族', 'Zhuang'],
  ['布依族', 'Bouyei'],
  ['朝鲜族', 'Korean'],
  ['满族', 'Manchu'],
  ['侗族', 'Dong'],
  ['瑶族', 'Yao'],
  ['白族', 'Bai'],
  ['土家族', 'Tujia'],
  ['哈尼族', 'Hani'],
  ['哈萨克族', 'Kazakh'],
  ['傣族', 'Dai'],
  ['黎族', 'Li'],
  ['傈僳族', 'Lisu'],
  ['佤族', 'Va'],
  ['畲族', 'She'],
  ['高山族', 'Gaoshan'],
  ['拉祜族', 'Lahu'],
  ['水族', 'Sui'],
  ['东乡族', 'Dongxiang'],
  ['纳西族', 'Naxi'],
  ['景颇族', 'Jingpo'],
  ['柯尔克孜族', 'Kyrgyz'],
  ['土族', 'Tu'],
  ['达斡尔族', 'Daur'],
  ['仫佬族', 'Mulao'],
  ['羌族', 'Qiang'],
  ['布朗族', 'Blang'],
  ['撒拉族', 'Salar'],
  ['毛南族', 'Maonan'],
  ['仡佬族', 'Gelao'],
  ['锡伯族', 'Xibe'],
  ['阿昌族', 'Achang'],
  ['普米族', 'Pumi'],
  ['塔吉克族', 'Tajik'],
  ['怒族', 'Nu'],
  ['乌孜别克族', 'Uzbek'],
  ['俄罗斯族', 'Russian'],
  ['鄂温克族', 'Evenki'],
  ['德昂族', "De'ang"],
  ['保安族', 'Bonan'],
  ['裕固族', 'Yugur'],
  ['京族', 'Gin'],
  ['塔塔尔族', 'Tatar'],
  ['独龙族', 'Derung'],
  ['鄂伦春族', 'Oroqen'],
  ['赫哲族', 'Hezhen'],
  ['门巴族', 'Monpa'],
  ['珞巴族', 'Lhoba'],
  ['基诺族', 'Jino'],
];

/** Intake years offered by `yearInfo`: the last ten. */
const YEARS = Array.from({ length: 10 }, (_, i) => String(2017 + i));

export const DICTIONARIES: DictSeed[] = [
  {
    name: 'sex',
    description: '性别',
    items: [
      ['1', '男', 'Male'],
      ['2', '女', 'Female'],
    ],
  },
  {
    name: 'yearInfo',
    description: '年级（入学年份）',
    items: YEARS.map((y) => [y, `${y}级`, `Class of ${y}`]),
  },
  {
    name: 'nation',
    description: '民族',
    items: [
      ...NATIONS.map(([zh, en], i): [string, string, string] => [String(i + 1), zh, en]),
      ['0', '其他', 'Other'],
      ['98', '外国血统中国籍人士', 'Chinese citizen of foreign origin'],
    ],
  },
  {
    name: 'politicCountenance',
    description: '政治面貌',
    items: [
      ['1', '中共党员', 'CPC member'],
      ['5', '中共预备党员', 'CPC probationary member'],
      ['2', '共青团员', 'CYL member'],
      ['6', '民主党派成员', 'Member of a democratic party'],
      ['7', '无党派人士', 'Independent'],
      ['3', '群众', 'Non-affiliated'],
      ['0', '其他', 'Other'],
    ],
  },
  {
    name: 'educationalLevel',
    description: '学历',
    items: [
      ['5', '高中及以下', 'High school or below'],
      ['1', '专科', 'Associate'],
      ['2', '本科', 'Bachelor'],
      ['3', '硕士研究生', 'Master'],
      ['4', '博士研究生', 'Doctorate'],
    ],
  },
  {
    name: 'religiousBelief',
    description: '宗教信仰',
    items: [
      ['1', '无', 'None'],
      ['2', '佛教', 'Buddhism'],
      ['6', '道教', 'Taoism'],
      ['3', '基督教', 'Protestantism'],
      ['7', '天主教', 'Catholicism'],
      ['4', '伊斯兰教', 'Islam'],
      ['0', '其他', 'Other'],
    ],
  },
  {
    name: 'isMarriage',
    description: '婚姻状况',
    items: [
      ['1', '未婚', 'Unmarried'],
      ['2', '已婚', 'Married'],
      ['3', '离异', 'Divorced'],
      ['4', '丧偶', 'Widowed'],
    ],
  },
  {
    name: 'assessmentLevel',
    description: '评估等级（等级/星级）',
    items: [
      ['1', '一级（★）', 'Level 1 (★)'],
      ['2', '二级（★★）', 'Level 2 (★★)'],
      ['3', '三级（★★★）', 'Level 3 (★★★)'],
      ['4', '四级（★★★★）', 'Level 4 (★★★★)'],
      ['5', '五级（★★★★★）', 'Level 5 (★★★★★)'],
    ],
  },
  {
    name: 'mainQuestionName',
    description: '主要问题',
    items: [
      ['1', '学业问题', 'Academic problems'],
      ['2', '人际关系', 'Interpersonal relationships'],
      ['3', '恋爱情感', 'Romantic relationships'],
      ['4', '家庭关系', 'Family relationships'],
      ['5', '情绪困扰', 'Emotional distress'],
      ['6', '自我成长', 'Personal growth'],
      ['7', '生涯规划', 'Career planning'],
      ['8', '环境适应', 'Adjustment to a new environment'],
      ['9', '睡眠问题', 'Sleep problems'],
      ['10', '网络成瘾', 'Internet addiction'],
      ['11', '性心理', 'Sexuality'],
      ['12', '危机事件', 'Crisis event'],
      ['0', '其他', 'Other'],
    ],
  },
  {
    name: 'secondaryQuestionName',
    description: '次要问题',
    items: [
      ['1', '考试焦虑', 'Exam anxiety'],
      ['2', '学习动力不足', 'Low motivation to study'],
      ['3', '拖延', 'Procrastination'],
      ['4', '宿舍矛盾', 'Dormitory conflict'],
      ['5', '社交焦虑', 'Social anxiety'],
      ['6', '失恋', 'Break-up'],
      ['7', '亲子冲突', 'Parent-child conflict'],
      ['8', '抑郁情绪', 'Low mood'],
      ['9', '焦虑情绪', 'Anxiety'],
      ['10', '自我认同', 'Self-identity'],
      ['11', '就业压力', 'Job-seeking stress'],
      ['12', '失眠', 'Insomnia'],
      ['0', '其他', 'Other'],
    ],
  },
  {
    name: 'finishMethod',
    description: '结束方式',
    items: [
      ['1', '咨询目标达成', 'Goals achieved'],
      ['2', '来访者主动结束', 'Ended by the visitor'],
      ['3', '咨询师建议结束', 'Ended on the counsellor’s advice'],
      ['4', '转介', 'Referred'],
      ['5', '脱落', 'Dropped out'],
      ['6', '毕业或离校', 'Graduated or left school'],
      ['0', '其他', 'Other'],
    ],
  },
  {
    name: 'reportSource',
    description: '上报来源',
    items: [
      ['1', '辅导员上报', 'Reported by a student adviser'],
      ['2', '心理委员上报', 'Reported by a class mental-health committee member'],
      ['3', '咨询中发现', 'Found in counselling'],
      ['4', '心理测评筛查', 'Psychological screening'],
      ['5', '家长反映', 'Raised by parents'],
      ['6', '本人求助', 'Self-referral'],
      ['7', '同学或室友反映', 'Raised by classmates or roommates'],
      ['8', '医院反馈', 'Hospital feedback'],
      ['0', '其他', 'Other'],
    ],
  },
  {
    name: 'consultingField',
    description: '擅长领域',
    items: [
      ['1', '学业发展', 'Academic development'],
      ['2', '人际关系', 'Interpersonal relationships'],
      ['3', '情绪管理', 'Emotion regulation'],
      ['4', '恋爱与婚姻', 'Love and marriage'],
      ['5', '家庭治疗', 'Family therapy'],
      ['6', '生涯规划', 'Career planning'],
      ['7', '危机干预', 'Crisis intervention'],
      ['8', '创伤治疗', 'Trauma therapy'],
      ['9', '成瘾行为', 'Addictive behaviour'],
      ['10', '性与性别', 'Sexuality and gender'],
    ],
  },
  {
    // Values are the time-slot types of spec S1.3 (2 consult, 15 first interview, 17 assessment, ...).
    name: 'categoryId',
    description: '咨询类别',
    items: [
      ['2', '咨询', 'Consultation'],
      ['15', '初访', 'First interview'],
      ['17', '评估', 'Assessment'],
      ['18', '心理咨询', 'Psychological counselling'],
      ['19', '家庭咨询', 'Family counselling'],
    ],
  },
  {
    name: 'problem_serious',
    description: '问题严重程度',
    items: [
      ['1', '一般', 'Mild'],
      ['2', '较重', 'Moderate'],
      ['3', '严重', 'Severe'],
      ['4', '非常严重', 'Very severe'],
    ],
  },
  {
    name: 'dysphrenia',
    description: '精神障碍情况',
    items: [
      ['0', '无', 'None'],
      ['1', '疑似', 'Suspected'],
      ['2', '已确诊', 'Diagnosed'],
      ['3', '既往史', 'History of a disorder'],
    ],
  },
  {
    // Values are the case statuses of spec S1.4 that end a case.
    name: 'endType',
    description: '结案类型',
    items: [
      ['finish', '正常结案', 'Closed normally'],
      ['transfer', '转介', 'Referred'],
      ['pass', '脱落', 'Dropped out'],
      ['break', '爽约结案', 'Closed after no-shows'],
    ],
  },
  {
    name: 'risk_assessment',
    description: '风险评估',
    items: [
      ['1', '低风险', 'Low risk'],
      ['2', '中风险', 'Medium risk'],
      ['3', '高风险', 'High risk'],
      ['4', '极高风险', 'Very high risk'],
    ],
  },
  {
    name: 'interviewAssessResult',
    description: '初访评估结果',
    items: [
      ['1', '安排个体咨询', 'Arrange individual counselling'],
      ['2', '安排团体辅导', 'Arrange group counselling'],
      ['3', '转介校外机构', 'Refer to an outside service'],
      ['4', '进入危机干预', 'Start crisis intervention'],
      ['5', '暂不需要咨询', 'No counselling needed for now'],
      ['6', '需进一步评估', 'Needs further assessment'],
    ],
  },
  {
    // Categories of activity schemes (GET /activity/schemeCategory, S0.7.21); not a field-library name.
    name: 'activitySchemeCategory',
    description: '活动方案类别',
    items: [
      ['1', '心理讲座', 'Lecture'],
      ['2', '团体活动', 'Group activity'],
      ['3', '心理情景剧', 'Psychodrama'],
      ['4', '心理健康月', 'Mental health month'],
      ['0', '其他', 'Other'],
    ],
  },
  {
    // Values are the intervention measures of spec S1.4.
    name: 'interventionMeasures',
    description: '干预措施',
    items: [
      ['1', '观察', 'Observation'],
      ['2', '干预', 'Intervention'],
      ['3', '回访', 'Follow-up visit'],
    ],
  },
  {
    name: 'disordersType',
    description: '障碍类型',
    items: [
      ['1', '抑郁障碍', 'Depressive disorder'],
      ['2', '焦虑障碍', 'Anxiety disorder'],
      ['3', '双相障碍', 'Bipolar disorder'],
      ['4', '精神分裂症', 'Schizophrenia'],
      ['5', '强迫障碍', 'Obsessive-compulsive disorder'],
      ['6', '进食障碍', 'Eating disorder'],
      ['7', '创伤后应激障碍', 'Post-traumatic stress disorder'],
      ['8', '睡眠障碍', 'Sleep disorder'],
      ['9', '人格障碍', 'Personality disorder'],
      ['0', '其他', 'Other'],
    ],
  },
];

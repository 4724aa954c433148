import type { RiskGrade } from './risk';

/**
 * The rainbow code (彩虹码, /mindtherainbowInfo/info): one colour per student from the latest screening,
 * interviews and crisis level. The first rule that holds decides (docs/assessment.md "The rainbow code").
 */
export const RAINBOW_COLOURS = ['red', 'orange', 'yellow', 'green', 'grey'] as const;
export type RainbowColour = (typeof RAINBOW_COLOURS)[number];

export type RainbowRule = 'R1' | 'R2' | 'R3' | 'R4' | 'R5' | 'R6';

/** Crisis level of the crisis report (collegeLevelcrisis): 1 close, 2 key, 3 routine, 4 none. */
export type CrisisLevel = 1 | 2 | 3 | 4;

export interface RainbowInputs {
  /** The latest screening answer: when, its risk grade (if the scale has one) and whether it screened positive. */
  latestScreening: { at: Date; riskGrade: RiskGrade | null; screenPositive: boolean } | null;
  /** Open (not closed) warnings of the person. */
  openWarnings: { critical: number; other: number };
  /** The latest held interview: when, its risk grade (if graded) and next step (4 crisis). */
  latestInterview: { at: Date; riskGrade: RiskGrade | null; nextStep: number | null } | null;
  crisisLevel: CrisisLevel | null;
  now: Date;
}

export interface RainbowCode {
  colour: RainbowColour;
  rule: RainbowRule;
}

const YEAR_MS = 365 * 24 * 3600 * 1000;

export function rainbowCodeOf(x: RainbowInputs): RainbowCode {
  const interviewAfterScreen =
    x.latestInterview !== null &&
    (x.latestScreening === null || x.latestInterview.at >= x.latestScreening.at);
  const screenStands = x.latestScreening !== null && !interviewAfterScreen;
  if (x.openWarnings.critical > 0 || x.crisisLevel === 1) return { colour: 'red', rule: 'R1' };
  if (x.latestInterview && (x.latestInterview.riskGrade === 1 || x.latestInterview.nextStep === 4))
    return { colour: 'red', rule: 'R2' };
  if (x.crisisLevel === 2 || x.openWarnings.other > 0 || (screenStands && x.latestScreening!.riskGrade === 1))
    return { colour: 'orange', rule: 'R3' };
  if (
    x.crisisLevel === 3 ||
    (screenStands && (x.latestScreening!.riskGrade === 2 || x.latestScreening!.screenPositive)) ||
    x.latestInterview?.riskGrade === 2
  )
    return { colour: 'yellow', rule: 'R4' };
  const recentScreen =
    x.latestScreening !== null && x.now.getTime() - x.latestScreening.at.getTime() <= YEAR_MS;
  if (recentScreen || interviewAfterScreen) return { colour: 'green', rule: 'R5' };
  return { colour: 'grey', rule: 'R6' };
}

/** The rules as the page explains them, in both languages. */
export const RAINBOW_RULES: readonly { rule: RainbowRule; colour: RainbowColour; zh: string; en: string }[] =
  [
    {
      rule: 'R1',
      colour: 'red',
      zh: '有未关闭的关键条目预警，或危机等级为密切关注',
      en: 'An open warning with a critical item, or crisis level 1 (close attention)',
    },
    {
      rule: 'R2',
      colour: 'red',
      zh: '最近一次访谈评为高风险（≥80），或下一步为转危机',
      en: 'The latest interview graded high risk (80 and up) or with next step "crisis"',
    },
    {
      rule: 'R3',
      colour: 'orange',
      zh: '危机等级为重点关注，或有未关闭的预警，或最近一次筛查为高风险且之后未访谈',
      en: 'Crisis level 2 (key), or an open warning, or the latest screening graded high risk with no interview after it',
    },
    {
      rule: 'R4',
      colour: 'yellow',
      zh: '危机等级为常规关注，或最近一次筛查为中风险或筛查阳性且之后未访谈，或最近一次访谈评为中风险',
      en: 'Crisis level 3 (routine), or the latest screening medium risk or screen positive with no interview after it, or the latest interview graded medium risk',
    },
    {
      rule: 'R5',
      colour: 'green',
      zh: '一年内参加过筛查，或筛查后访谈评为低风险，且以上均不成立',
      en: 'Screened in the last 365 days, or interviewed after the latest screening with low risk, and nothing above',
    },
    {
      rule: 'R6',
      colour: 'grey',
      zh: '一年内未参加筛查，且以上均不成立',
      en: 'No screening in the last 365 days and nothing above',
    },
  ];

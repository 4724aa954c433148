import { FOCUS_SETTING_TYPE, type FocusSettingType } from '@psy/contracts';

/** The entries a new school starts with, per type: [Chinese name, English name]. Schools edit them. */
export const FOCUS_SETTING_DEFAULTS: Record<FocusSettingType, [name: string, nameEn: string][]> = {
  [FOCUS_SETTING_TYPE.reportSource]: [
    ['心理咨询师发现', 'Counsellor'],
    ['辅导员/班主任上报', 'Class teacher or counsellor report'],
    ['心理测评筛查', 'Assessment screening'],
    ['宿舍长/心理委员上报', 'Dormitory head or class mental-health officer'],
    ['家长反映', 'Parent'],
    ['学生本人求助', 'Self-referral'],
  ],
  [FOCUS_SETTING_TYPE.interventionMeasure]: [
    ['谈心谈话', 'Heart-to-heart talk'],
    ['心理咨询', 'Counselling'],
    ['联系家长', 'Guardian contacted'],
    ['转介医院', 'Referral to hospital'],
    ['学业帮扶', 'Academic support'],
    ['24小时陪护', '24-hour accompaniment'],
  ],
  [FOCUS_SETTING_TYPE.followUpMethod]: [
    ['面谈', 'In person'],
    ['电话', 'Phone call'],
    ['线上沟通', 'Online message'],
    ['宿舍走访', 'Dormitory visit'],
    ['家访', 'Home visit'],
  ],
  [FOCUS_SETTING_TYPE.focusCategory]: [
    ['心理问题', 'Psychological problem'],
    ['学业困难', 'Academic difficulty'],
    ['家庭困难', 'Family difficulty'],
    ['人际关系', 'Relationships'],
    ['身体疾病', 'Physical illness'],
    ['情感问题', 'Romantic relationship'],
  ],
  [FOCUS_SETTING_TYPE.talkTopic]: [
    ['学业压力', 'Study pressure'],
    ['人际交往', 'Getting on with others'],
    ['情绪状态', 'Mood'],
    ['家庭情况', 'Family'],
    ['生涯规划', 'Career planning'],
  ],
};

import { describe, expect, it } from 'vitest';
import { CRISIS_SETTING_DEFAULTS } from './crisis-settings';
import { SEEDED_ENGLISH, TEMPLATE_TITLES_EN } from './seeded-texts';
import { MESSAGE_EVENTS } from './message-templates.contract';
import {
  addSeededEnglish,
  seededMessageTitle,
  seededName,
  seededPath,
  seededPlace,
  seededText,
} from './seeded-names';

// What the web does when it loads English.
addSeededEnglish(SEEDED_ENGLISH);

describe('seeded names in the reader language', () => {
  it('shows a seeded Chinese name in English to an English reader, and a name a school typed as typed', () => {
    expect(seededName('咨询师', 'en-US')).toBe('Counsellor');
    expect(seededName('咨询师', 'zh-CN')).toBe('咨询师');
    expect(seededName('组织机构', 'en-US')).toBe('Organisation');
    expect(seededName('我们的心理社团', 'en-US')).toBe('我们的心理社团');
  });

  it('names the default crisis hotlines, seeded in both languages, in English only', () => {
    for (const { name } of CRISIS_SETTING_DEFAULTS.reporting.hotlines) {
      expect(seededName(name, 'en-US')).not.toMatch(/\p{Script=Han}/u);
      expect(seededName(name, 'zh-CN')).toBe(name);
    }
  });

  it("names the demo's terms and assessment plan, made from the seeding date, in English", () => {
    expect(seededName('2026-2027 学年第一学期', 'en-US')).toBe('2026-2027 autumn term');
    expect(seededName('2025-2026 学年第二学期', 'en-US')).toBe('2025-2026 spring term');
    expect(seededName('2026 秋季新生心理普查', 'en-US')).toBe(
      '2026 autumn mental-health survey of new students',
    );
    expect(seededName('2026-2027 学年第一学期', 'zh-CN')).toBe('2026-2027 学年第一学期');
    expect(seededName('2026 春季学期补测', 'en-US')).toBe('2026 春季学期补测');
  });
});

describe('department paths in the reader language', () => {
  it('gives each seeded name of a path in English, a typed one as typed', () => {
    expect(seededPath('组织机构-计算机学院-2024级', 'en-US')).toBe(
      'Organisation-School of Computer Science-Class of 2024',
    );
    expect(seededPath('组织机构/心理社团', 'en-US')).toBe('Organisation/心理社团');
    expect(seededPath('组织机构-计算机学院', 'zh-CN')).toBe('组织机构-计算机学院');
  });

  it('gives a single seeded department name in English too, and leaves a missing one missing', () => {
    expect(seededPath('2024级', 'en-US')).toBe('Class of 2024');
    expect(seededPath(null, 'en-US')).toBeNull();
    expect(seededPath(undefined, 'en-US')).toBeUndefined();
    expect(seededName(null, 'en-US')).toBeNull();
  });
});

describe('places in the reader language', () => {
  it('gives a seeded site and room in English, a typed one as typed, and leaves out a missing room', () => {
    expect(seededPlace(['心理健康教育中心', '咨询室 1'], 'en-US')).toBe(
      'Mental Health Education Centre · Counselling room 1',
    );
    expect(seededPlace(['心理健康教育中心', null], 'en-US')).toBe('Mental Health Education Centre');
    expect(seededPlace(['东区咨询点', '咨询室 2'], 'en-US')).toBe('东区咨询点 · Counselling room 2');
    expect(seededPlace(['心理健康教育中心', '咨询室 1'], 'zh-CN')).toBe('心理健康教育中心 · 咨询室 1');
    expect(seededPlace([undefined, ''], 'en-US')).toBe('');
  });
});

describe('message titles the product writes, in the reader language', () => {
  it("gives a demo message's and a template default's Chinese title in English, a typed title as typed", () => {
    expect(seededMessageTitle('危机上报待审核', 'en-US')).toBe('Crisis report awaiting review');
    expect(seededMessageTitle('危机上报待审核', 'zh-CN')).toBe('危机上报待审核');
    expect(seededMessageTitle('密码已重置', 'en-US')).toBe('Password reset');
    expect(seededMessageTitle('本周社团活动', 'en-US')).toBe('本周社团活动');
  });
});

describe('the template titles written out in seeded-names', () => {
  it("are exactly the templates' Chinese default titles without a placeholder, with their English ones", () => {
    const fromTemplates = Object.fromEntries(
      Object.values(MESSAGE_EVENTS)
        .map((e) => [e.defaults['zh-CN'].title, e.defaults['en-US'].title] as const)
        .filter(([zh]) => !zh.includes('{')),
    );
    expect(TEMPLATE_TITLES_EN).toEqual(fromTemplates);
  });
});

describe('seeded message contents and notices, in the reader language', () => {
  it('gives a seeded text in English to an English reader, as stored to a Chinese one, a typed one as typed', () => {
    const seeded = '王心怡老师提交了 1 份结案报告，请审核。';
    expect(seededText(seeded, 'en-US')).toBe(
      'Ms Wang Xinyi submitted 1 case closing report. Please review it.',
    );
    expect(seededText(seeded, 'zh-CN')).toBe(seeded);
    expect(seededText('周五下午社团活动取消', 'en-US')).toBe('周五下午社团活动取消');
  });
});

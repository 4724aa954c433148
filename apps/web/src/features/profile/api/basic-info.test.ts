import type { DeptNode } from '@psy/contracts';
import { describe, expect, it } from 'vitest';
import { deptOptions } from './basic-info';
import { addSeededEnglish } from '@psy/contracts';
import { SEEDED_ENGLISH } from '@psy/contracts/seeded-texts';

// What the app does when it loads English.
addSeededEnglish(SEEDED_ENGLISH);

const node = (id: number, name: string, children: DeptNode[] = []): DeptNode => ({
  id,
  parentId: null,
  name,
  label: name,
  nameRelaTion: name,
  isChild: children.length > 0,
  children,
});

describe('department options of the profile and site pickers', () => {
  const tree = [node(1, '组织机构', [node(2, '计算机学院', [node(3, '心理社团')])])];
  const titles = (options: ReturnType<typeof deptOptions>): string[] =>
    options.flatMap((o) => [o.title, ...titles(o.children)]);

  it("names seeded departments in the reader's language and the school's own as typed", () => {
    expect(titles(deptOptions(tree, 'en-US'))).toEqual([
      'Organisation',
      'School of Computer Science',
      '心理社团',
    ]);
    expect(titles(deptOptions(tree, 'zh-CN'))).toEqual(['组织机构', '计算机学院', '心理社团']);
  });
});

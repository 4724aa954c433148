import { describe, expect, it } from 'vitest';
import { fieldIssuesOf, issuesByField } from './field-issues';

describe('fieldIssuesOf', () => {
  it('reads data.fields of an error and ignores other shapes', () => {
    const issue = { field: 'contentZh', message: 'unknown placeholder {password}' };
    expect(fieldIssuesOf({ data: { fields: [issue, { field: 3 }, null] } })).toEqual([issue]);
    expect(fieldIssuesOf({ data: null })).toEqual([]);
    expect(fieldIssuesOf(new Error('network'))).toEqual([]);
    expect(fieldIssuesOf(null)).toEqual([]);
  });
});

describe('issuesByField', () => {
  it('groups issues by form field (array entries by their field) and keeps the rest', () => {
    const { byField, other } = issuesByField(
      [
        { field: 'title', message: 'required' },
        { field: 'deptIds[2]', message: 'unknown id 9' },
        { field: 'title', message: 'too long' },
        { field: 'id', message: 'not found' },
      ],
      ['title', 'deptIds'],
    );
    expect(byField).toEqual({ title: ['required', 'too long'], deptIds: ['unknown id 9'] });
    expect(other).toEqual([{ field: 'id', message: 'not found' }]);
  });

  it('gives an issue of a nested value to the form field named by its whole path', () => {
    const { byField, other } = issuesByField(
      [
        { field: 'registration.roleCode', message: 'not this role' },
        { field: 'config.issuer', message: 'must be an URL' },
      ],
      ['registration.roleCode', 'code'],
    );
    expect(byField).toEqual({ 'registration.roleCode': ['not this role'] });
    expect(other).toEqual([{ field: 'config.issuer', message: 'must be an URL' }]);
  });
});

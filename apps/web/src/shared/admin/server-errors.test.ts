import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/request';
import { editedFields, placeServerErrors } from './server-errors';

const refusal = (fields: { field: string; message: string }[] | null, message = 'the name is taken') =>
  new ApiError({ kind: 'api', status: 400, code: 400, message, data: fields ? { fields } : null });

describe('a failed save on the form [spec:S0.8.12]', () => {
  it('puts each issue of a 400 on the field it names, with nothing else to say', () => {
    const placed = placeServerErrors(
      refusal([
        { field: 'name', message: 'the name is taken' },
        { field: 'deptIds[1]', message: 'unknown department 9' },
        { field: 'name', message: 'too long' },
      ]),
      ['name', 'deptIds', 'sort'],
      { fallback: 'not saved' },
    );
    expect(placed).toEqual({
      fields: [
        { name: 'name', errors: ['the name is taken', 'too long'] },
        { name: 'deptIds', errors: ['unknown department 9'] },
      ],
      toast: null,
    });
  });

  it("shows a server field under the form's name for it", () => {
    const placed = placeServerErrors(refusal([{ field: 'status', message: 'bad' }]), ['status'], {
      fallback: 'not saved',
      fieldOf: { status: 'enabled' },
    });
    expect(placed.fields).toEqual([{ name: 'enabled', errors: ['bad'] }]);
  });

  it("toasts the server's message for issues no field shows", () => {
    const placed = placeServerErrors(
      refusal(
        [
          { field: 'name', message: 'taken' },
          { field: 'id', message: 'not found' },
        ],
        'invalid input',
      ),
      ['name'],
      { fallback: 'not saved' },
    );
    expect(placed.fields).toEqual([{ name: 'name', errors: ['taken'] }]);
    expect(placed.toast).toBe('invalid input');
  });

  it('toasts a refusal without fields, and the fallback when there was no answer', () => {
    expect(placeServerErrors(refusal(null, 'users still have it'), ['name'], { fallback: 'x' })).toEqual({
      fields: [],
      toast: 'users still have it',
    });
    expect(placeServerErrors(new TypeError('Failed to fetch'), ['name'], { fallback: 'not saved' })).toEqual({
      fields: [],
      toast: 'not saved',
    });
  });

  it('clears the errors of the fields the user edits', () => {
    expect(editedFields({ name: 'x', sort: 2 })).toEqual([
      { name: 'name', errors: [] },
      { name: 'sort', errors: [] },
    ]);
  });
});

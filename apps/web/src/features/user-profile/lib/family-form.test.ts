import { describe, expect, it } from 'vitest';
import { familyInfoSchema } from '@psy/contracts';
import { familyInfoFromForm } from './family-form';

describe('familyInfoFromForm', () => {
  it('drops empty optional texts so the strict schema accepts the document', () => {
    const info = familyInfoFromForm({
      members: [{ relation: ' mother ', name: 'Li', phone: '', occupation: 'teacher' }],
      familyAddress: '  ',
      isOnlyChild: 1,
    });
    expect(info).toEqual({
      members: [{ relation: 'mother', name: 'Li', occupation: 'teacher' }],
      isOnlyChild: 1,
    });
    expect(familyInfoSchema.safeParse(info).success).toBe(true);
  });
});

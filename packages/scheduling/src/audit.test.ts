import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { AUDIT_STATUS } from '@psy/contracts';
import { currentApprovers, decideAudit, type AuditStep } from './audit';

const A = AUDIT_STATUS;
const steps = (...ids: number[]): AuditStep[] =>
  ids.map((approverId, i) => ({ seq: i + 1, approverId, status: A.pending }));

describe('audit modes [spec:S1.4.5]', () => {
  it('mode 1 sequential: each approver in turn, the last approval approves', () => {
    const s = steps(10, 20, 30);
    expect(currentApprovers(1, s)).toEqual([10]);
    expect(decideAudit(1, A.pending, s, 20, A.approved)).toEqual({ ok: false, refusal: 'notYourTurn' });
    const one = decideAudit(1, A.pending, s, 10, A.approved);
    expect(one.ok && one.status).toBe(A.pending);
    const afterOne = one.ok ? one.steps : [];
    expect(currentApprovers(1, afterOne)).toEqual([20]);
    const two = decideAudit(1, A.pending, afterOne, 20, A.approved);
    const three = decideAudit(1, A.pending, two.ok ? two.steps : [], 30, A.approved);
    expect(three.ok && three.status).toBe(A.approved);
  });

  it('mode 1 sequential: a rejection rejects and skips the later steps', () => {
    const r = decideAudit(1, A.pending, steps(10, 20), 10, A.rejected);
    expect(r).toEqual({
      ok: true,
      status: A.rejected,
      steps: [
        { seq: 1, approverId: 10, status: A.rejected },
        { seq: 2, approverId: 20, status: A.withdrawn },
      ],
    });
  });

  it('mode 2 all must agree: any order, all approvals approve, one rejection rejects', () => {
    const s = steps(10, 20);
    expect(currentApprovers(2, s)).toEqual([10, 20]);
    const first = decideAudit(2, A.pending, s, 20, A.approved);
    expect(first.ok && first.status).toBe(A.pending);
    const second = decideAudit(2, A.pending, first.ok ? first.steps : [], 10, A.approved);
    expect(second.ok && second.status).toBe(A.approved);
    const rejected = decideAudit(2, A.pending, first.ok ? first.steps : [], 10, A.rejected);
    expect(rejected.ok && rejected.status).toBe(A.rejected);
  });

  it('mode 3 any one decides: the first decision is final, others are skipped', () => {
    const r = decideAudit(3, A.pending, steps(10, 20, 30), 30, A.approved);
    expect(r.ok && r.status).toBe(A.approved);
    expect(r.ok && r.steps.map((x) => x.status)).toEqual([A.withdrawn, A.withdrawn, A.approved]);
    const rej = decideAudit(3, A.pending, steps(10, 20), 20, A.rejected);
    expect(rej.ok && rej.status).toBe(A.rejected);
  });

  it('refuses strangers, decided requests, and open requests without the permission', () => {
    expect(decideAudit(3, A.pending, steps(10), 99, A.approved)).toEqual({
      ok: false,
      refusal: 'notApprover',
    });
    expect(decideAudit(3, A.approved, steps(10), 10, A.approved)).toEqual({
      ok: false,
      refusal: 'notPending',
    });
    expect(decideAudit(3, A.pending, [], 10, A.approved)).toEqual({ ok: false, refusal: 'notApprover' });
    expect(decideAudit(1, A.pending, [], 10, A.rejected, { openToApprovers: true })).toEqual({
      ok: true,
      status: A.rejected,
      steps: [],
    });
  });

  it('ends every sequence of decisions in a decided request with no pending step left (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(1 as const, 2 as const, 3 as const),
        fc.integer({ min: 1, max: 5 }),
        fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
        (mode, n, approvals) => {
          let s = steps(...Array.from({ length: n }, (_, i) => i + 1));
          let status: number = A.pending;
          for (let i = 0; i < n && status === A.pending; i += 1) {
            const who = currentApprovers(mode, s)[0]!;
            const r = decideAudit(mode, A.pending, s, who, approvals[i] ? A.approved : A.rejected);
            if (!r.ok) throw new Error(r.refusal);
            s = r.steps;
            status = r.status;
          }
          expect(status).not.toBe(A.pending);
          expect(s.some((x) => x.status === A.pending)).toBe(false);
          if (status === A.approved && mode !== 3) expect(s.every((x) => x.status === A.approved)).toBe(true);
        },
      ),
    );
  });
});

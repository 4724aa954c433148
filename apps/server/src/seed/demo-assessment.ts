import { and, eq, inArray } from 'drizzle-orm';
import { TASK_STATE } from '@psy/contracts';
import { scoreScale, warningLevelOf, warningReasonsOf, type ScaleDefinition } from '@psy/scoring';
import { builtinScale } from '@psy/scoring/library';
import type { Database } from '../core/db/database';
import { dept, role, sysUser, userRole, userType } from '../modules/identity/identity.table';
import {
  assessmentPlan,
  assessmentScale,
  assessmentTask,
  assessmentWarning,
} from '../modules/assessment/assessment.table';
import { insertAnswer, replacePlanScales } from '../modules/assessment/assessment.repository';
import { refreshRainbow, warningReasonsRecord } from '../modules/assessment/assessment-warnings.service';
import { primaryBand } from '../modules/assessment/assessment-plans.service';

/**
 * The demo school's assessment (docs/assessment.md): an open screening of 计算机学院 with the SCL-90 and
 * the PHQ-9, answered by twenty demo students (a few of them at risk, one with a critical item, so the
 * warning list, the analysis and the rainbow codes show something), and still to be taken by 林同学.
 */
const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗';
const GIVEN = '伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平';

/** Answers of demo student i: most low, a few high; student 3 answers PHQ-9 item 9 "several days". */
function answersOf(def: ScaleDefinition, i: number): Record<number, number> {
  let seed = (i * 2654435761 + def.items.length) >>> 0;
  const rand = () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32;
  const severity = i % 7 === 3 ? 0.75 : rand() ** 3;
  const values = def.optionSets[def.items[0]!.optionSet]!.map((o) => o.value);
  const out: Record<number, number> = {};
  for (const item of def.items) {
    const k = Math.min(
      values.length - 1,
      Math.max(0, Math.round(severity * (values.length - 1) + (rand() - 0.5))),
    );
    out[item.no] = values[k]!;
  }
  return out;
}

export async function seedDemoAssessment(database: Database, tenantId: number): Promise<void> {
  await database.db.transaction(async (tx) => {
    const scope = { tx, tenantId };
    const [assessor] = await tx
      .select({ id: sysUser.id })
      .from(sysUser)
      .where(and(eq(sysUser.tenantId, tenantId), eq(sysUser.username, 'assessor')));
    const depts = await tx
      .select({ id: dept.id, name: dept.name })
      .from(dept)
      .where(and(eq(dept.tenantId, tenantId), inArray(dept.name, ['计算机学院', '2023级', '2024级'])));
    const deptId = (name: string) => depts.find((d) => d.name === name)!.id;
    const [studentType] = await tx
      .select({ id: userType.id })
      .from(userType)
      .where(and(eq(userType.tenantId, tenantId), eq(userType.code, 'student')));
    const [general] = await tx
      .select({ id: role.id })
      .from(role)
      .where(and(eq(role.tenantId, tenantId), eq(role.roleCode, 'ROLE_GENERAL')));
    if (!assessor || !studentType || !general) return;

    // Twenty students who answered (no password: they are the data of the demo, not logins).
    const students = await tx
      .insert(sysUser)
      .values(
        Array.from({ length: 20 }, (_, i) => ({
          tenantId,
          username: `demo_stu${String(i + 1).padStart(2, '0')}`,
          realName: `${SURNAMES[i % SURNAMES.length]}${GIVEN[(i * 7) % GIVEN.length]}`,
          numberName: `2024${String(i + 1).padStart(4, '0')}`,
          sex: 1 + (i % 2),
          birthday: '2006-01-01',
          deptId: deptId(i % 2 ? '2023级' : '2024级'),
          userTypeId: studentType.id,
          yearInfo: i % 2 ? '2023' : '2024',
        })),
      )
      .onConflictDoNothing()
      .returning({ id: sysUser.id, deptId: sysUser.deptId, grade: sysUser.yearInfo, sex: sysUser.sex });
    if (students.length === 0) return;
    await tx.insert(userRole).values(students.map((s) => ({ tenantId, userId: s.id, roleId: general.id })));

    const now = Date.now();
    const [plan] = await tx
      .insert(assessmentPlan)
      .values({
        tenantId,
        name: '2026 秋季新生心理普查',
        description: '计算机学院新生心理健康筛查（SCL-90 与 PHQ-9）。',
        kind: 1,
        status: 2,
        audienceDeptIds: [deptId('计算机学院')],
        startTime: new Date(now - 7 * 86_400_000),
        endTime: new Date(now + 14 * 86_400_000),
        resultVisibility: 1,
        remindOnPublish: false,
        agreementText: null,
        createdBy: assessor.id,
        publishedAt: new Date(now - 7 * 86_400_000),
      })
      .returning();
    const scaleRows = await tx
      .select()
      .from(assessmentScale)
      .where(and(eq(assessmentScale.tenantId, tenantId), inArray(assessmentScale.code, ['SCL90', 'PHQ9'])));
    const ordered = ['SCL90', 'PHQ9'].map((code) => scaleRows.find((s) => s.code === code)!);
    await replacePlanScales(
      scope,
      plan!.id,
      ordered.map((s) => ({ scaleId: s.id, normId: null })),
    );

    for (const [i, s] of students.entries()) {
      for (const row of ordered) {
        const def = builtinScale(row.code, row.version)!;
        const responses = answersOf(def, i);
        const result = scoreScale(def, responses);
        const reasons = warningReasonsOf(result, { onHighRisk: true });
        const level = warningLevelOf(reasons);
        const band = primaryBand(result);
        const submittedAt = new Date(now - (6 - (i % 6)) * 86_400_000 - i * 600_000);
        const [task] = await tx
          .insert(assessmentTask)
          .values({
            tenantId,
            planId: plan!.id,
            scaleId: row.id,
            userId: s.id,
            state: TASK_STATE.submitted,
            submittedAt,
          })
          .returning();
        const answer = await insertAnswer(
          scope,
          {
            planId: plan!.id,
            scaleId: row.id,
            taskId: task!.id,
            userId: s.id,
            anonymous: false,
            deptId: s.deptId,
            grade: s.grade,
            sex: s.sex,
            attempt: 1,
            responses,
            result,
            total: result.total,
            scoreIndex: result.index,
            riskScore: result.riskScore,
            riskGrade: result.riskGrade,
            level: result.level,
            levelLabelZh: band?.label.zh ?? null,
            levelLabelEn: band?.label.en ?? null,
            screenPositive: result.screenPositive,
            critical: result.critical.length > 0,
            warning: level !== null,
            submittedAt,
          },
          result.factors.map((f) => ({ code: f.code, score: f.score, tScore: f.t })),
        );
        await tx.update(assessmentTask).set({ answerId: answer.id }).where(eq(assessmentTask.id, task!.id));
        if (level !== null)
          await tx.insert(assessmentWarning).values({
            tenantId,
            answerId: answer.id,
            planId: plan!.id,
            scaleId: row.id,
            userId: s.id,
            deptId: s.deptId,
            level,
            reasons: warningReasonsRecord(result, reasons),
            riskScore: result.riskScore,
            // The demo's warnings are shown as delivered: its inbox already has the crisis messages it needs.
            deliveredAt: submittedAt,
            handedTo: 'message',
            createdAt: submittedAt,
          });
      }
      await refreshRainbow(scope, s.id);
    }
  });
}

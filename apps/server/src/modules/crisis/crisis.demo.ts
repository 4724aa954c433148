import { calendarDay, previousMonth } from '@psy/crisis-rules';
import type { Database, TenantScope } from '../../core/db/database';
import type { Principal } from '../../core/http/context';
import { hashPassword } from '../../core/security/password';
import { buildPrincipal, findUserIdsByUsername, insertDemoStudents, loadPrincipalData } from '../identity';
import {
  saveAssessment,
  saveFollowUp,
  saveIntervention,
  saveSuspension,
  transitionSuspension,
} from './care.service';
import { loadViewer } from './crisis.context';
import { saveDormReport, saveTalk } from './focus.service';
import { reportSignal } from './intake.service';
import { openJournal, writeJournalEntry } from './journal.service';
import { writeMonthly } from './monthly.service';
import { saveDormitoryEntry } from './network.service';
import { acknowledge, transition } from './records.service';
import { escalateRecord } from './escalation.service';

/** Students of the demo network who do not sign in (the demo's own student, 林同学, does). */
const DEMO_STUDENTS: [username: string, realName: string, dept: string, phone: string][] = [
  ['zhangxiaoyu', '张晓雨', '2024级', '13900000101'],
  ['liuzixuan', '刘子轩', '2024级', '13900000102'],
  ['chensiyuan', '陈思远', '2023级', '13900000103'],
  ['zhoumingjie', '周明杰', '2023级', '13900000104'],
  ['huangjiayi', '黄佳怡', '英语系', '13900000105'],
];

/** The demo people as principals, as their requests would be (all their roles apply). */
async function actAs(scope: TenantScope, userId: number): Promise<Principal> {
  const data = await loadPrincipalData(scope, userId);
  if (!data) throw new Error(`demo user ${userId} is missing`);
  return buildPrincipal(
    data,
    {
      tokenId: 0,
      tenantId: scope.tenantId,
      userId,
      tokenHash: '',
      accessExpiresAt: new Date(),
      activeRoleId: null,
      clientPort: 'pc',
      sso: false,
    },
    null,
  );
}

/**
 * The demo school's crisis network in use (docs/crisis.md): a dormitory with its leader, and signals in
 * each state: a new report nobody acknowledged yet, one escalated to the faculty head, one being worked
 * (assessment, order, follow-up; the student suspended and asking to return), one closed into a key
 * person, the demo student's own help request, a hand-over from case work at the centre; a talk, a
 * journal, and last month's zero report of the computer faculty. Only for a new demo school.
 */
export async function seedCrisisDemo(database: Database, tenantId: number): Promise<void> {
  const hash = await hashPassword(`not-for-login-${Date.now()}`);
  await database.withTenant(tenantId, async (scope) => {
    await insertDemoStudents(scope, DEMO_STUDENTS, hash);
    const ids = await findUserIdsByUsername(scope, [
      ...DEMO_STUDENTS.map(([u]) => u),
      'student',
      'classrep',
      'advisor',
      'facultyhead',
      'facultycounsel',
    ]);
    const as = async (username: string) => actAs(scope, ids[username]!);
    const today = calendarDay(new Date());

    const dormitory = await saveDormitoryEntry(scope, {
      name: '梅园3号楼 402',
      leaderId: ids.student,
      memberIds: [ids.student!, ids.zhangxiaoyu!, ids.liuzixuan!],
    });

    // 1. A class member's report nobody has acknowledged yet.
    await reportSignal(scope, {
      source: 'report',
      studentId: ids.zhangxiaoyu!,
      reporterId: ids.classrep!,
      summary: '最近常说“活着没意思”，晚上经常独自在阳台哭。',
      urgent: true,
    });

    // 2. The dormitory leader's report: its deadline passed and it went up to the faculty head.
    const leader = await as('student');
    const dorm = await saveDormReport(scope, leader, 'zh-CN', {
      dormitoryId: dormitory.id,
      reportDate: today,
      nothingAbnormal: false,
      items: [{ studentId: ids.liuzixuan!, note: '两天没怎么吃饭，手臂上有划痕。', risk: true }],
    });
    await escalateRecord(scope, dorm.items[0]!.recordId!, 0);

    // 3. A record being worked: assessed, an order to the advisor, a follow-up; the student suspended.
    const advisor = await as('advisor');
    const counsel = await as('facultycounsel');
    const worked = await reportSignal(scope, {
      source: 'report',
      studentId: ids.chensiyuan!,
      reporterId: ids.advisor!,
      summary: '期末挂科后情绪低落，提到有轻生念头。',
    });
    await saveAssessment(scope, counsel, 'zh-CN', {
      recordId: worked.recordId,
      kind: 'crisis',
      appointmentType: 8,
      answer: {
        isCrisisStatus: 1,
        collegeLevelcrisis: 1,
        currentStatus: [2, 4, 9],
        suicidalStatus: [2],
        psyAssistanceSystem: 1,
        expertsFeedback: '建议精神专科门诊评估，24小时有人陪伴。',
        managementProcess: '已联系家长，辅导员与室友轮流陪伴。',
        trackDate: today,
      },
    });
    await saveIntervention(scope, counsel, 'zh-CN', {
      recordId: worked.recordId,
      measure: 2,
      measureItemIds: [],
      content: '每天谈心一次，联系家长来校陪伴。',
      assigneeIds: [ids.advisor!],
    });
    await saveFollowUp(scope, advisor, 'zh-CN', {
      recordId: worked.recordId,
      trackDate: today,
      content: '宿舍走访，睡眠有所改善。',
    });
    const suspended = await saveSuspension(scope, await as('facultyhead'), {
      studentId: ids.chensiyuan!,
      recordId: worked.recordId,
      suspendedOn: today,
      reason: '住院治疗',
    });
    if (suspended.suspension)
      await transitionSuspension(scope, await as('facultyhead'), {
        id: suspended.suspension.id,
        action: 'applyReturn',
      });

    // 4. A screening warning assessed, closed, and followed as a key person.
    const screened = await reportSignal(scope, {
      source: 'screening',
      studentId: ids.zhoumingjie!,
      transferSource: 14,
      sourceRef: 'demo:screening:1',
      summary: 'SCL-90 筛查高风险（≥80分），第9题阳性。',
    });
    await saveAssessment(scope, counsel, 'zh-CN', {
      recordId: screened.recordId,
      kind: 'crisis',
      appointmentType: 11,
      answer: { isCrisisStatus: 2, collegeLevelcrisis: 2, currentStatus: [3, 4], trackDate: today },
    });
    await transition(scope, await loadViewer(scope, counsel, 'crisis'), {
      id: screened.recordId,
      action: 'close',
      closeReason: 1,
      summary: '评估后情绪平稳，转为重点关注，每两周回访。',
    });
    const journal = await openJournal(scope, advisor, { studentId: ids.zhoumingjie! });
    await writeJournalEntry(scope, advisor, 'zh-CN', {
      journalId: journal.id,
      entryDate: today,
      content: '电话回访，状态稳定，已恢复上课。',
    });

    // 5. The demo student's own help request, taken on by the advisor.
    const help = await reportSignal(scope, {
      source: 'selfHelp',
      studentId: ids.student!,
      reporterId: ids.student!,
      urgent: true,
    });
    await acknowledge(scope, await loadViewer(scope, advisor, 'crisis'), help.recordId);

    // 6. A case handed over by a counsellor, for a student of a faculty without a network: the centre's.
    await reportSignal(scope, {
      source: 'case',
      studentId: ids.huangjiayi!,
      transferSource: 4,
      sourceRef: 'demo:case:1',
      summary: '个案咨询中发现自伤行为，转危机干预。',
    });

    await saveTalk(scope, advisor, 'zh-CN', {
      studentId: ids.zhangxiaoyu!,
      talkDate: today,
      topicIds: [],
      content: '谈学业压力与宿舍关系，情绪低落但愿意求助。',
      finding: 2,
    });
    const head = await as('facultyhead');
    await writeMonthly(
      scope,
      head,
      {
        deptId: head.profile.deptId!,
        month: previousMonth(today.slice(0, 7)),
        kind: 'crisis',
        nothingToReport: true,
      },
      true,
    );
  });
}

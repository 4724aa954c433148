import { and, eq, inArray } from 'drizzle-orm';
import {
  AGREEMENT_SETTING_CODE,
  DEFAULT_AGREEMENT_FORM_NAME,
  MESSAGE_STATUS,
  MESSAGE_TYPE_CODE,
  NOTICE_STATUS,
} from '@psy/contracts';
import type { AgreementSettingValue, ProductCode } from '@psy/contracts';
import type { Database } from '../core/db/database';
import { role, sysUser } from '../modules/identity/identity.table';
import { message } from '../modules/messages/messages.table';
import { notice } from '../modules/notices/notices.table';
import { product } from '../modules/products/products.table';
import { setting } from '../modules/settings/settings.table';

const T = MESSAGE_TYPE_CODE;

/** A demo message: product, type code, title, content, minutes ago, read or not. */
type MessageSeed = [ProductCode | null, string, string, string, number, boolean];

const HOUR = 60;
const DAY = 24 * HOUR;

const ADMIN_MESSAGES: MessageSeed[] = [
  [
    'CRISIS',
    T.crisisRemind,
    '危机上报待审核',
    '计算机学院 2024级 一名学生的危机上报（中风险）已提交，请尽快审核并指派干预人员。',
    25,
    false,
  ],
  [
    'SYSTEM',
    T.importResult,
    '用户导入完成',
    '“2024级新生名单.xlsx”导入完成：共 312 条，成功 309 条，失败 3 条（手机号格式不正确）。可在导入记录中下载结果文件。',
    50,
    false,
  ],
  [
    'APPOINTMENT',
    T.appointmentRemind,
    '新的咨询预约待审核',
    '林同学预约了王心怡老师 周三 14:00-14:50 的个体咨询，请审核。',
    2 * HOUR,
    false,
  ],
  [
    'IMPORTANT_FOCUS_ON',
    T.crisisRemind,
    '重点关注对象回访逾期',
    '外国语学院 英语系 一名重点关注学生的回访已逾期 3 天，请提醒负责辅导员尽快完成回访。',
    4 * HOUR,
    false,
  ],
  [
    'CONSULT',
    T.lockRemind,
    '咨询记录即将锁定',
    '本周有 4 份咨询记录尚未填写，将于 48 小时后锁定，请提醒相关咨询师及时完成。',
    6 * HOUR,
    false,
  ],
  [
    'PLANTEST',
    T.system,
    '测评计划已结束',
    '“2024级新生心理普查”测评计划已结束：应测 1,206 人，实测 1,188 人，高风险 23 人，请查看测评报告。',
    9 * HOUR,
    false,
  ],
  [
    'SYSTEM',
    T.importResult,
    '用户信息更新完成',
    '“辅导员名单更新.xlsx”处理完成：共 48 条，全部成功。',
    DAY + 3 * HOUR,
    true,
  ],
  [
    'APPOINTMENT',
    T.appointmentRemind,
    '预约已取消',
    '张同学取消了 周二 10:00-10:50 与王心怡老师的咨询预约，该时段已重新开放。',
    DAY + 5 * HOUR,
    true,
  ],
  [
    'CRISIS',
    T.crisisRemind,
    '危机干预记录已提交',
    '朱危机总负责人提交了一份干预记录，风险等级由“高”调整为“中”，请知悉。',
    2 * DAY,
    true,
  ],
  [
    'SUPERVISION',
    T.appointmentRemind,
    '督导小组活动提醒',
    '本周五 15:00 个案督导小组活动将在心理健康教育中心 302 室进行。',
    2 * DAY + 4 * HOUR,
    true,
  ],
  [
    'ACTIVITY',
    T.system,
    '活动报名已满',
    '“5·25 心理健康节 正念减压工作坊”报名人数已满 40 人，报名已自动关闭。',
    3 * DAY,
    true,
  ],
  [
    'SYSTEM',
    T.system,
    '系统维护通知',
    '平台将于本周六 22:00-23:00 进行升级维护，期间可能无法访问，请提前保存工作。',
    4 * DAY,
    true,
  ],
  ['CONSULT', T.system, '个案结案待审核', '王心怡老师提交了 1 份结案报告，请审核。', 5 * DAY, true],
  [
    'SYSTEM',
    T.importResult,
    '用户导入失败',
    '“研究生名单.xls”导入失败：第 1 行缺少必填列“学号”。请按模板修改后重新上传。',
    6 * DAY,
    true,
  ],
  [
    'GROUP_COUNSELLING',
    T.appointmentRemind,
    '团体辅导招募开始',
    '“人际关系成长小组”已发布招募，报名截止下周一。',
    7 * DAY,
    true,
  ],
];

const COUNSELLOR_MESSAGES: MessageSeed[] = [
  [
    'CONSULT',
    T.lockRemind,
    '咨询记录即将锁定',
    '您与林同学 周一 14:00 的咨询记录尚未填写，将于 24 小时后锁定，请尽快完成。',
    15,
    false,
  ],
  [
    'CONSULT',
    T.lockRemind,
    '咨询记录即将锁定',
    '您与陈同学 上周五 10:00 的咨询记录尚未填写，将于 6 小时后锁定，请尽快完成。',
    3 * HOUR,
    false,
  ],
  [
    'APPOINTMENT',
    T.appointmentRemind,
    '新的咨询预约',
    '林同学预约了您 周三 14:00-14:50 的个体咨询（首次来访），请提前查看初访记录。',
    40,
    false,
  ],
  [
    'CRISIS',
    T.crisisRemind,
    '危机个案指派',
    '中心负责人将一名中风险学生指派给您跟进，请在 24 小时内完成首次评估。',
    2 * HOUR,
    false,
  ],
  [
    'APPOINTMENT',
    T.appointmentRemind,
    '明日咨询安排',
    '您明天有 3 个咨询预约：09:00、10:00、14:00，地点：心理健康教育中心 201 室。',
    5 * HOUR,
    false,
  ],
  [
    'SUPERVISION',
    T.appointmentRemind,
    '督导预约已确认',
    '陈督导已确认您 周四 16:00 的个体督导预约。',
    8 * HOUR,
    false,
  ],
  [
    'CONSULT',
    T.lockRemind,
    '咨询记录已锁定',
    '您与赵同学 上周三 15:00 的咨询记录已超过填写期限并锁定，如需修改请联系管理员。',
    DAY,
    true,
  ],
  [
    'APPOINTMENT',
    T.appointmentRemind,
    '来访者请假',
    '张同学因课程冲突请假，取消了 周二 10:00 的咨询。',
    DAY + 2 * HOUR,
    true,
  ],
  [
    'IMPORTANT_FOCUS_ON',
    T.crisisRemind,
    '回访提醒',
    '您负责的一名重点关注学生本周需完成回访，请在周五前记录回访情况。',
    DAY + 6 * HOUR,
    true,
  ],
  ['CONSULT', T.system, '结案报告已通过', '您提交的刘同学个案结案报告已审核通过。', 2 * DAY, true],
  [
    'PLANTEST',
    T.system,
    '测评结果提醒',
    '您的来访者林同学完成了 SCL-90 测评，结果已可查看。',
    2 * DAY + 5 * HOUR,
    true,
  ],
  [
    'APPOINTMENT',
    T.appointmentRemind,
    '排班已发布',
    '下月咨询排班已发布，您共有 24 个咨询时段，请在排班管理中确认。',
    3 * DAY,
    true,
  ],
  [
    'TRAINING',
    T.system,
    '培训报名成功',
    '您已报名“危机干预与风险评估”专题培训，时间：下周六 09:00-12:00。',
    4 * DAY,
    true,
  ],
  [
    'SUPERVISION',
    T.appointmentRemind,
    '督导小组活动提醒',
    '本周五 15:00 个案督导小组活动将在心理健康教育中心 302 室进行。',
    5 * DAY,
    true,
  ],
  ['SYSTEM', T.system, '系统维护通知', '平台将于本周六 22:00-23:00 进行升级维护。', 6 * DAY, true],
];

const NOTICES: { title: string; content: string; minutesAgo: number }[] = [
  {
    title: '关于开展 2025 年春季学期新生心理普查的通知',
    content:
      '各学院：\n\n为了解新生心理健康状况，心理健康教育中心将于下周一至周五开展新生心理普查。请各学院组织 2024 级全体新生登录平台，在“心理测评-参加测评”中完成测评，每人约需 20 分钟。\n\n测评结果严格保密，仅用于心理健康服务。如有疑问请联系心理健康教育中心。',
    minutesAgo: 3 * HOUR,
  },
  {
    title: '心理健康教育中心咨询服务时间调整',
    content:
      '自下周起，个体咨询服务时间调整为周一至周五 08:00-18:00（12:00-13:30 午休），周六上午 09:00-12:00 开放值班咨询。\n\n如遇紧急情况，请直接前往中心或拨打值班电话。',
    minutesAgo: 2 * DAY,
  },
];

/** The titles of the demo messages (the web shows them in English to an English reader). */
export const DEMO_MESSAGE_TITLES: readonly string[] = [...ADMIN_MESSAGES, ...COUNSELLOR_MESSAGES].map(
  (m) => m[2],
);

/** The other texts of the demo messages and notices (the web shows them in English to an English reader). */
export const DEMO_TEXTS: readonly string[] = [
  ...[...ADMIN_MESSAGES, ...COUNSELLOR_MESSAGES].map((m) => m[3]),
  ...NOTICES.flatMap((n) => [n.title, n.content]),
];

/** The start-up agreement: informed consent to counselling, in both languages (stored once each). */

export const DEMO_AGREEMENT_TEXT: NonNullable<AgreementSettingValue['locales']> = {
  'zh-CN': {
    title: '心理咨询知情同意书',
    content: [
      '欢迎使用学校心理健康服务平台。在使用心理咨询、测评等服务前，请仔细阅读以下内容。',
      '一、服务性质：心理健康教育中心为全日制在校学生提供免费的发展性心理咨询，不属于医疗诊断或治疗。个体咨询一般每学期不超过 6 次，每次约 50 分钟。',
      '二、保密原则：您在咨询和测评中提供的个人信息与谈话内容将严格保密，仅限为您提供服务的工作人员在必要范围内查看；未经您同意，不会向任何无关人员披露。',
      '三、保密例外：出现以下情况时，咨询师将依法依规在必要范围内突破保密，并通知学校相关部门、您的监护人或紧急联系人：(1) 您有伤害自己或他人的严重风险；(2) 发现未成年人正在受到虐待或侵害；(3) 法律法规要求提供相关信息。',
      '四、个人信息：平台依照《中华人民共和国个人信息保护法》收集和处理提供服务所必需的信息，心理健康信息属于敏感个人信息，所有查阅均有记录。',
      '五、您的权利：您可以随时提问、拒绝回答、暂停或结束咨询，也可以申请更换咨询师。',
      '如遇紧急情况，请立即拨打 120 或 110，或前往最近医院的急诊。',
      '点击“同意”即表示您已阅读并理解上述内容，自愿使用心理健康服务。',
    ].join('\n\n'),
  },
  'en-US': {
    title: 'Informed consent to counselling',
    content: [
      "Welcome to the school's mental-health service platform. Please read the following before using counselling, assessment and related services.",
      '1. Nature of the service: the Mental Health Education Centre offers full-time students free developmental counselling. It is not medical diagnosis or treatment. Individual counselling is usually limited to about six sessions of about 50 minutes per term.',
      '2. Confidentiality: the personal information and the content of your sessions and assessments are kept confidential. Only staff serving you may see them, and only as far as needed; nothing is disclosed to others without your consent.',
      '3. Limits of confidentiality: your counsellor will break confidentiality, as far as necessary and as the law requires, and inform the responsible school office, your guardian or your emergency contact when (1) there is a serious risk that you harm yourself or others; (2) a minor is being abused or harmed; (3) the law requires the information to be disclosed.',
      "4. Personal information: the platform collects and processes only what the service needs, under China's Personal Information Protection Law. Mental-health information is sensitive personal information; every access to it is recorded.",
      '5. Your rights: you may ask questions, decline to answer, pause or end counselling at any time, and ask for a different counsellor.',
      'In an emergency call 120 or 110 at once, or go to the nearest hospital emergency department.',
      'By choosing "Agree" you confirm that you have read and understood the above and use the service voluntarily.',
    ].join('\n\n'),
  },
};

/**
 * Inbox messages for the demo administrator and counsellor, two published notices and the start-up
 * agreement for ordinary users. Idempotent: each part is added only when the school has none yet.
 */
export async function seedDemoContent(database: Database, tenantId: number): Promise<void> {
  await database.db.transaction(async (tx) => {
    const products = await tx.select({ id: product.id, code: product.productCode }).from(product);
    const productId = new Map(products.map((p) => [p.code, p.id]));
    const users = await tx
      .select({ id: sysUser.id, username: sysUser.username })
      .from(sysUser)
      .where(and(eq(sysUser.tenantId, tenantId), inArray(sysUser.username, ['admin', 'counsellor'])));
    const userId = new Map(users.map((u) => [u.username, u.id]));
    const now = Date.now();

    for (const [username, seeds] of [
      ['admin', ADMIN_MESSAGES],
      ['counsellor', COUNSELLOR_MESSAGES],
    ] as const) {
      const uid = userId.get(username);
      if (uid === undefined) continue;
      const [existing] = await tx
        .select({ id: message.id })
        .from(message)
        .where(and(eq(message.tenantId, tenantId), eq(message.userId, uid)))
        .limit(1);
      if (existing) continue;
      await tx.insert(message).values(
        seeds.map(([code, typeCode, title, content, minutesAgo, isRead]) => {
          const createTime = new Date(now - minutesAgo * 60_000);
          return {
            tenantId,
            userId: uid,
            type: code ? (productId.get(code) ?? null) : null,
            typeCode,
            title,
            content,
            status: isRead ? MESSAGE_STATUS.read : MESSAGE_STATUS.unread,
            createTime,
            readTime: isRead ? new Date(createTime.getTime() + 30 * 60_000) : null,
          };
        }),
      );
    }

    const [anyNotice] = await tx
      .select({ id: notice.id })
      .from(notice)
      .where(eq(notice.tenantId, tenantId))
      .limit(1);
    if (!anyNotice) {
      await tx.insert(notice).values(
        NOTICES.map((n) => ({
          tenantId,
          title: n.title,
          content: n.content,
          publisherId: userId.get('admin') ?? null,
          publishTime: new Date(now - n.minutesAgo * 60_000),
          status: NOTICE_STATUS.published,
        })),
      );
    }

    const [general] = await tx
      .select({ id: role.id })
      .from(role)
      .where(and(eq(role.tenantId, tenantId), eq(role.roleCode, 'ROLE_GENERAL')));
    if (general) {
      const value = {
        userRoleId: [general.id],
        formName: DEFAULT_AGREEMENT_FORM_NAME,
        locales: DEMO_AGREEMENT_TEXT,
      } satisfies Partial<AgreementSettingValue>;
      await tx
        .insert(setting)
        .values({ tenantId, type: AGREEMENT_SETTING_CODE, enable: true, value })
        .onConflictDoNothing({ target: [setting.tenantId, setting.type] });
    }
  });
}

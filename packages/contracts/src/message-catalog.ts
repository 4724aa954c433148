import type { Lang } from './errors';
import { ID_NUMBER_ISSUE_MESSAGES } from './id-card';
import { PRODUCT_MESSAGES } from './products.contract';
import { ROLE_MESSAGES } from './roles.contract';
import {
  BIRTHDAY_ISSUE_MESSAGES,
  CONFIRM_PASSWORD_ISSUE_MESSAGES,
  OLD_PASSWORD_ISSUE_MESSAGES,
  PASSWORD_CHANGE_MESSAGES,
  PASSWORD_ISSUE_MESSAGES,
} from './rules';
import {
  SIGNATURE_QUOTE_MESSAGES,
  SIGNATURE_STORE_MESSAGES,
  SIGNATURE_UPLOAD_MESSAGES,
} from './signature-rules';
import { IMPORT_MESSAGES } from './user-import.contract';
import { USER_TYPE_MESSAGES } from './user-types.contract';

/**
 * The zh-CN text of the validation messages the contracts (and the server's common refusals) write in
 * English: a 400's detail reaches a person, so the server answers it in the caller's language
 * (`localiseMessage`, applied to every 400 by the server's error handler). zod's own messages ("Invalid
 * input: expected string") are localised by zod's zh-CN locale where the server parses. A test holds that
 * every message literal of the contract files is covered here.
 */
const EXACT: Record<string, string> = {
  required: '必填',
  'is required': '必填',
  'at least one': '至少一项',
  'not a text version': '不是有效的文本版本',
  'too large': '过大',
  x: '格式不正确',
  m: '格式不正确',
  'item numbers': '请填写条目编号',
  'must be after startTime': '必须晚于开始时间',
  'must not be before startDate': '不能早于开始日期',
  'must not be before from': '不能早于起始时间',
  'must be a weekday 1-7': '必须是星期 1-7',
  'please tick the data to delete': '请勾选要删除的数据',
  'must not contain control characters': '不能包含控制字符',
  'must not contain NUL characters': '不能包含空字符',
  'must be 1, 2 or 3': '必须是 1、2 或 3',
  'must be 1 to 5': '必须是 1 到 5',
  'must be 1-5': '必须是 1 到 5',
  'between 1 and 5': '必须在 1 到 5 之间',
  'must be 0 or 1': '必须是 0 或 1',
  'must be 0, 1 or 2': '必须是 0、1 或 2',
  'must be 2, 3 or 4': '必须是 2、3 或 4',
  'must be 0 or more': '不能小于 0',
  'required for a bookable slot': '可预约时段必填',
  'randomStr must be 8-64 letters or digits': 'randomStr 必须是 8-64 位字母或数字',
  'not a known setting code': '不是已知的设置编码',
  'type must be a setting code': 'type 必须是设置编码',
  'type must be a dictionary name': 'type 必须是字典名称',
  'must be one of 2, 15, 17, 18, 19': '必须是 2、15、17、18、19 之一',
  'must be one of 2, 10, 15, 17, 18, 19': '必须是 2、10、15、17、18、19 之一',
  'must be an ISO 8601 time': '必须是 ISO 8601 时间',
  'must be an ISO 8601 time with a zone': '必须是带时区的 ISO 8601 时间',
  'must be a category id': '必须是类别编号',
  'login account at least 2-20 characters': '登录账号长度为 2-20 个字符',
  'image too large: at most 256 KB': '图片过大：最大 256 KB',
  'entries must have different ids': '各条目的编号不能重复',
  'enter the name': '请输入名称',
  'enter name': '请输入姓名',
  'enter number': '请输入学号/工号',
  'enter contact': '请输入联系方式',
  'enter login account': '请输入登录账号',
  'enter the ID number': '请输入证件号码',
  'enter the verification code': '请输入验证码',
  'enter the role name': '请输入角色名称',
  'enter the department name': '请输入机构名称',
  'email format incorrect': '邮箱格式不正确',
  'contact format incorrect': '联系方式格式不正确',
  'at least 2 characters': '至少 2 个字符',
  'upper case letters, digits and _ only, starting with a letter': '只能包含大写字母、数字和 _，并以字母开头',
  'letters, digits and _ only, starting with a letter': '只能包含字母、数字和 _，并以字母开头',
  'letters, digits and _, starting with a letter (at most 60)':
    '只能包含字母、数字和 _，以字母开头（最多 60 个字符）',
  'letters, digits, _ . - (at most 40)': '只能包含字母、数字和 _ . -（最多 40 个字符）',
  '1-64 letters, digits, _ or -': '1-64 位字母、数字、_ 或 -',
  'this slot is listed twice': '该时段重复',
  'the signature image must be smaller than 2 MB': '签名图片必须小于 2 MB',
  'the signature image is too large': '签名图片过大',
  'required for options 7 and 8': '选择 7 或 8 时必填',
  'required for option 7': '选择 7 时必填',
  'required for an extension': '延期时必填',
  'request replayed: x-request-id was already used': '请求重复：x-request-id 已使用过',
  'nothing abnormal has no items': '选择“无异常”时不能再选其他项',
  'not a valid time': '不是有效的时间',
  'must be start, close or reopen': '必须是 start、close 或 reopen',
  'must be mine or toExamine': '必须是 mine 或 toExamine',
  'must be crisis or return': '必须是 crisis 或 return',
  'must be crisis or consultation': '必须是 crisis 或 consultation',
  'must be close or reopen': '必须是 close 或 reopen',
  'must be base64url': '必须是 base64url 编码',
  'must be applyReturn, return or keep': '必须是 applyReturn、return 或 keep',
  'must be an http(s) address or an image': '必须是 http(s) 地址或图片',
  'must be an IANA time zone such as Asia/Shanghai': '必须是 IANA 时区，例如 Asia/Shanghai',
  'must be admit or finish': '必须是 admit 或 finish',
  'must be a product code': '必须是产品编码',
  'must be a png, jpeg, gif, webp or ico image': '必须是 png、jpeg、gif、webp 或 ico 图片',
  'must be a phone number (digits, spaces, -)': '必须是电话号码（数字、空格、-）',
  'must be a date yyyy-MM-dd': '必须是 yyyy-MM-dd 格式的日期',
  'must be a date that exists': '必须是存在的日期',
  'must be a colour #rrggbb': '必须是 #rrggbb 格式的颜色',
  'must be a PNG data URL': '必须是 PNG data URL',
  'must be 2 (in progress) or 3 (closed)': '必须是 2（进行中）或 3（已结束）',
  'must be 1 (screening) or 2 (daily)': '必须是 1（筛查）或 2（日常）',
  'must be a whole number of days': '必须是整数天',
  'must not repeat a form': '表单不能重复',
  'mobile must be SMS@ followed by an 11-digit phone': 'mobile 必须是 SMS@ 加 11 位手机号',
  'give termId or startDate and endDate': '请提供 termId，或 startDate 和 endDate',
  'give id, formId or answerId': '请提供 id、formId 或 answerId',
  'give at least one slot': '请至少提供一个时段',
  'give at least one setting': '请至少提供一项设置',
  'give answerId, or formId and eventSign': '请提供 answerId，或 formId 和 eventSign',
  'fileMd5 must be 32 hexadecimal characters': 'fileMd5 必须是 32 位十六进制字符',
  'fileMd5 is required': 'fileMd5 必填',
  'fileMd5 does not match the file (upload it again)': 'fileMd5 与文件不符（请重新上传）',
  'enter the new password': '请输入新密码',
  'code must be a tenant short name': 'code 必须是学校简称',
  'code must be 6 digits': '验证码必须是 6 位数字',
  'choose sex': '请选择性别',
  'choose role': '请选择角色',
  'choose birth date': '请选择出生日期',
  'choose interview assessment result': '请选择访谈评估结果',
  'choose at least one student': '请至少选择一名学生',
  'choose at least one scale': '请至少选择一个量表',
  'choose at least one client': '请至少选择一名来访者',
  'choose an image': '请选择图片',
  'choose an ID type (1-8)': '请选择证件类型（1-8）',
  'at most a year': '最多一年',
  'at least one log entry': '至少一条日志',
  'at least one level': '至少一个等级',
  'at least one item, or nothing abnormal': '请至少选择一项，或选择“无异常”',
  'at least 1 minute': '至少 1 分钟',
  'at least 1 day': '至少 1 天',
  'at most 1440 minutes (a day)': '最多 1440 分钟（一天）',
  'a masked value cannot be submitted, enter the full value': '不能提交脱敏后的值，请输入完整内容',
  'birth date cannot be in the future': '出生日期不能晚于今天',
  'birth date must be a date yyyy-MM-dd': '出生日期必须是 yyyy-MM-dd 格式',
  // The server's common refusals.
  'no such user in this school': '本校没有该用户',
  'no such user': '用户不存在',
  'the user does not exist': '用户不存在',
  'no such active user in this school': '本校没有该在用用户',
  'not a student in your reach': '该学生不在您的管理范围内',
  'department does not exist': '机构不存在',
  'user type does not exist': '用户类型不存在',
  'the record is closed': '该记录已结束',
  'not an active user of the school': '不是本校的在用用户',
  'must be a JSON object': '必须是 JSON 对象',
  'login account already exists': '登录账号已存在',
  'please upload a file': '请上传文件',
  'the form does not exist': '表单不存在',
  'not a department of this school': '不是本校的机构',
  'not a site of the school': '不是本校的场地',
  'not a room of the site': '不是该场地的咨询室',
  'must not be in the past': '不能早于现在',
  'must be a positive integer': '必须是正整数',
  'the answer does not exist': '答卷不存在',
  'not an agreement form': '不是协议表单',
  'not an answer of formId': '不是该表单的答卷',
  'not an answer of an agreement form': '不是协议表单的答卷',
  'not an answer of the agreement form the school uses': '不是本校当前使用的协议表单的答卷',
  'not an answer by or about you': '不是您填写或关于您的答卷',
  'the answer was withdrawn': '答卷已撤回',
  'fill in and submit the agreement form first': '请先填写并提交协议表单',
  'the file is larger than 20 MB': '文件超过 20 MB',
  'choose the ID type': '请选择证件类型',
  '2-32 lower-case letters, digits or hyphens': '2-32 位小写字母、数字或连字符',
  'at least one return address (…/authredirect)': '至少填写一个回调地址（…/authredirect）',
  'unknown or expired sign-on, start again': '登录请求无效或已过期，请重新登录',
};

/** Messages with a number or a list in them: the English pattern and its zh-CN text ($1, $2 kept). */
const PATTERNS: readonly [RegExp, string][] = [
  [/^at most (\d+) characters$/, '最多 $1 个字符'],
  [/^at least (\d+) characters$/, '至少 $1 个字符'],
  [/^at most (\d+) entries per upload$/, '每次最多上传 $1 条'],
  [/^at most (\d+) entries$/, '最多 $1 条'],
  [/^at most (\d+) days$/, '最多 $1 天'],
  [/^at least (\d+) days$/, '至少 $1 天'],
  [/^at most (\d+) at once$/, '一次最多 $1 个'],
  [
    /^at most (\d+) (forms|slots|columns|settings|reminders|rows|roles|rooms|products|numbers|approvers|categories|appointments)$/,
    '最多 $1 个',
  ],
  [/^at most (\d+)$/, '最多 $1'],
  [/^must be one of (.+)$/, '必须是以下之一：$1'],
  [/^must be among (.+)$/, '必须在以下范围内：$1'],
  [/^(.+) must be filled$/, '请填写 $1'],
  [/^not an item of the dictionary (\w+)$/, '不是字典 $1 中的选项'],
];

const ZH = new Map<string, string>(Object.entries(EXACT));
// The bilingual tables of the rules give their own pairs: one text per rule, never two.
for (const table of [
  ID_NUMBER_ISSUE_MESSAGES,
  PASSWORD_ISSUE_MESSAGES,
  CONFIRM_PASSWORD_ISSUE_MESSAGES,
  OLD_PASSWORD_ISSUE_MESSAGES,
  PASSWORD_CHANGE_MESSAGES,
  BIRTHDAY_ISSUE_MESSAGES,
  SIGNATURE_QUOTE_MESSAGES,
  SIGNATURE_UPLOAD_MESSAGES,
  SIGNATURE_STORE_MESSAGES,
  IMPORT_MESSAGES,
  USER_TYPE_MESSAGES,
  ROLE_MESSAGES,
  PRODUCT_MESSAGES,
] as readonly Record<string, unknown>[]) {
  for (const m of Object.values(table)) {
    const pair = m as Partial<Record<Lang, unknown>>;
    if (typeof pair['en-US'] === 'string' && typeof pair['zh-CN'] === 'string') {
      if (!ZH.has(pair['en-US'])) ZH.set(pair['en-US'], pair['zh-CN']);
    }
  }
}

/** Whether the catalogue has a zh-CN text for an English message. */
export function hasLocalisedMessage(message: string): boolean {
  return ZH.has(message) || PATTERNS.some(([re]) => re.test(message));
}

/**
 * A validation message in the caller's language: en-US as written; zh-CN from the catalogue, or the
 * message unchanged when it has none (or is not English to begin with).
 */
export function localiseMessage(message: string, lang: Lang): string {
  if (lang === 'en-US') return message;
  const exact = ZH.get(message);
  if (exact !== undefined) return exact;
  for (const [re, zh] of PATTERNS) if (re.test(message)) return message.replace(re, zh);
  return message;
}

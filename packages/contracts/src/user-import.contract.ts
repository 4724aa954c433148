import { z } from 'zod';
import { defineEndpoint, idSchema } from './endpoint';
import { taskProgressSchema } from './downloads.contract';
import { ID_TYPES, type IdType } from './id-card';
import type { Lang } from './errors';
import type { PermissionKey } from './permissions';

/**
 * Bulk user import (spec S0.2 import dialogs, S0.3 import task, S0.4, S0.5; docs/user-import.md).
 * Permission `admin_userInfo_userImport_btn` on every call; a sub-administrator imports only within
 * their data scope.
 */
export const USER_IMPORT_PERMISSION = 'admin_userInfo_userImport_btn' satisfies PermissionKey;

/** 0 create new users, 1 update user information (the two tabs of the import dialog). */
export const IMPORT_TYPE = { create: 0, update: 1 } as const;

/** Largest upload accepted (bytes): about 250,000 rows of the template as XLSX. */
export const IMPORT_FILE_MAX_BYTES = 20 * 1024 * 1024;

/** Spec S0.5 messages of the import dialog (also answered by the server). */
export const IMPORT_MESSAGES = {
  fileRequired: { 'zh-CN': '请上传文件！', 'en-US': 'please upload a file!' },
  fileType: { 'zh-CN': '只能上传 .xls 或 .xlsx 文件', 'en-US': 'only .xls or .xlsx files can be uploaded' },
  userTypeRequired: { 'zh-CN': '请选择用户类型', 'en-US': 'please choose the user type' },
  deptRequired: { 'zh-CN': '请选择组织机构', 'en-US': 'please choose the organisation' },
  confirmUpload: { 'zh-CN': '确认上传文件？', 'en-US': 'confirm upload file?' },
  started: {
    'zh-CN': '正在导入，请稍后在消息系统中查看结果',
    'en-US': 'importing, check the result in the message system later',
  },
  confirmCancel: {
    'zh-CN': '导入数据正在处理中，确认取消？',
    'en-US': 'imported data is being processed, confirm cancel?',
  },
  completed: { 'zh-CN': '用户导入任务已完成', 'en-US': 'user import task completed' },
  textNotWorkbook: {
    'zh-CN':
      '文件名以 .xlsx 或 .xls 结尾，但内容是文本（例如 CSV），不是 Excel 工作簿：请用 Excel 或 WPS 打开它，选择“另存为”，保存类型选“Excel 工作簿 (*.xlsx)”，再上传保存后的文件',
    'en-US':
      "the file's name ends in .xlsx or .xls but its content is text (such as CSV), not an Excel workbook: open it in Excel, WPS or LibreOffice, choose 'Save as', pick 'Excel Workbook (*.xlsx)', and upload the saved file",
  },
  notWorkbook: {
    'zh-CN': '文件内容不是 Excel 工作簿（.xls 或 .xlsx），请用导入模板填写后上传',
    'en-US':
      "the file's content is not an Excel workbook (.xls or .xlsx); fill in the import template and upload it",
  },
} as const satisfies Record<string, Record<Lang, string>>;

/** ID type labels of the template's drop-down (values of `ID_TYPES`). */
export const ID_TYPE_LABELS: Record<IdType, Record<Lang, string>> = {
  [ID_TYPES.idCard]: { 'zh-CN': '居民身份证', 'en-US': 'ID card' },
  [ID_TYPES.hkMacauPass]: { 'zh-CN': '港澳居民来往内地通行证', 'en-US': 'HK/Macau pass' },
  [ID_TYPES.taiwanPass]: { 'zh-CN': '台湾居民来往大陆通行证', 'en-US': 'Taiwan pass' },
  [ID_TYPES.hkMacauTaiwanId]: { 'zh-CN': '港澳台身份证', 'en-US': 'HK/Macau/Taiwan ID' },
  [ID_TYPES.residencePermit]: { 'zh-CN': '港澳台居民居住证', 'en-US': 'Residence permit' },
  [ID_TYPES.foreignPermanentResidence]: {
    'zh-CN': '外国人永久居留身份证',
    'en-US': 'Foreign permanent residence ID',
  },
  [ID_TYPES.passport]: { 'zh-CN': '护照', 'en-US': 'Passport' },
  [ID_TYPES.militaryPoliceId]: { 'zh-CN': '军官证/警官证', 'en-US': 'Military/police ID' },
};

export interface ImportColumn {
  /** Field of the user form (addUser input) the column fills. */
  key: string;
  label: Record<Lang, string>;
  /** Required in create mode (the user form's required fields); marked `*` and coloured. */
  required: boolean;
  /** Drop-down list source: a dictionary name (settings dictionaries), `idType` or `roles`. */
  list?: string;
  /** Written and read as text (keeps leading zeros; never a number). */
  text?: boolean;
}

/**
 * Columns of the fixed template (spec S0.3.3 default user form; addUser input minus department, which
 * the upload chooses, and password, which the task generates). Headers are matched by the zh-CN or
 * en-US label or one of the column's usual other names (IMPORT_COLUMN_ALIASES), ignoring `*`, spaces and
 * letter case.
 */
export const IMPORT_COLUMNS: readonly ImportColumn[] = [
  { key: 'username', label: { 'zh-CN': '登录账号', 'en-US': 'Login account' }, required: true, text: true },
  { key: 'realName', label: { 'zh-CN': '姓名', 'en-US': 'Name' }, required: true },
  {
    key: 'numberName',
    label: { 'zh-CN': '学号/工号', 'en-US': 'Number' },
    required: true,
    text: true,
  },
  { key: 'phone', label: { 'zh-CN': '联系方式', 'en-US': 'Phone' }, required: true, text: true },
  { key: 'sex', label: { 'zh-CN': '性别', 'en-US': 'Sex' }, required: true, list: 'sex' },
  { key: 'birthday', label: { 'zh-CN': '出生日期', 'en-US': 'Birthday' }, required: false },
  { key: 'roles', label: { 'zh-CN': '角色', 'en-US': 'Roles' }, required: true, list: 'roles' },
  { key: 'idType', label: { 'zh-CN': '证件类型', 'en-US': 'ID type' }, required: false, list: 'idType' },
  { key: 'idCard', label: { 'zh-CN': '证件号码', 'en-US': 'ID number' }, required: false, text: true },
  { key: 'email', label: { 'zh-CN': '邮箱', 'en-US': 'Email' }, required: false },
  { key: 'yearInfo', label: { 'zh-CN': '年级', 'en-US': 'Year' }, required: false, list: 'yearInfo' },
  { key: 'nation', label: { 'zh-CN': '民族', 'en-US': 'Nation' }, required: false, list: 'nation' },
  {
    key: 'politicCountenance',
    label: { 'zh-CN': '政治面貌', 'en-US': 'Political status' },
    required: false,
    list: 'politicCountenance',
  },
  {
    key: 'educationalLevel',
    label: { 'zh-CN': '学历', 'en-US': 'Education level' },
    required: false,
    list: 'educationalLevel',
  },
  {
    key: 'religiousBelief',
    label: { 'zh-CN': '宗教信仰', 'en-US': 'Religion' },
    required: false,
    list: 'religiousBelief',
  },
  {
    key: 'isMarriage',
    label: { 'zh-CN': '婚姻状况', 'en-US': 'Marital status' },
    required: false,
    list: 'isMarriage',
  },
  {
    key: 'schoolRegister',
    label: { 'zh-CN': '学籍状态', 'en-US': 'Enrolment status' },
    required: false,
    list: 'schoolRegister',
  },
];

/**
 * Other names staff give each column in their own lists (zh-CN and en-US), matched like the labels
 * (NFKC, without `*` and spaces, ignoring case). A name belongs to one column only (a test holds this).
 */
export const IMPORT_COLUMN_ALIASES: Readonly<Record<string, readonly string[]>> = {
  username: [
    '账号',
    '帐号',
    '登录名',
    '用户名',
    '登录帐号',
    '用户账号',
    'username',
    'account',
    'login',
    'user name',
  ],
  realName: ['真实姓名', '名字', '学生姓名', '教师姓名', 'full name', 'real name', 'student name'],
  numberName: [
    '学号',
    '工号',
    '学工号',
    '学号/工号',
    '编号',
    '职工号',
    '教工号',
    '学籍号',
    'student number',
    'student id',
    'staff number',
    'staff id',
    'employee number',
    'number/id',
  ],
  phone: [
    '手机',
    '手机号',
    '手机号码',
    '电话',
    '电话号码',
    '联系电话',
    '移动电话',
    '联系方式/手机',
    'mobile',
    'mobile phone',
    'phone number',
    'telephone',
    'tel',
    'cell phone',
    'contact',
  ],
  sex: ['性別', '男/女', 'gender'],
  birthday: [
    '出生年月',
    '出生年月日',
    '生日',
    '出生日',
    '出生时间',
    'birth date',
    'date of birth',
    'dob',
    'birthdate',
  ],
  roles: ['角色名称', '用户角色', '身份', 'role', 'user role'],
  idType: ['证件种类', '证件名称', 'id document type', 'document type'],
  idCard: [
    '身份证',
    '身份证号',
    '身份证号码',
    '证件号',
    '身份证件号码',
    '公民身份号码',
    'id card',
    'id card number',
    'id no',
    'identity number',
    'document number',
  ],
  email: ['电子邮箱', '电子邮件', '邮箱地址', 'e-mail', 'mail', 'email address', 'e-mail address'],
  yearInfo: [
    '入学年份',
    '入学年级',
    '年级（入学年份）',
    'grade',
    'enrolment year',
    'enrollment year',
    'class of',
  ],
  nation: ['民族名称', 'ethnicity', 'ethnic group'],
  politicCountenance: ['政治身份', 'politics', 'political affiliation'],
  educationalLevel: ['文化程度', '学历层次', 'education', 'educational level'],
  religiousBelief: ['宗教', 'religious belief'],
  isMarriage: ['婚姻', '婚否', 'marriage', 'marital'],
  schoolRegister: ['学籍', '学籍状况', 'enrollment status', 'student status'],
};

/** The template's query: the user type is required (spec S0.5 'user type also required before downloading'). */
export const importTemplateQuerySchema = z.object({
  userTypeId: idSchema.describe('user type (/admin/uType)'),
});

/**
 * `GET /admin/user/exportFixedUserTemplate?userTypeId=`: an XLSX with the default user form's columns,
 * headers in the caller's language (Accept-Language), required columns marked `*` (and filled orange),
 * dictionary columns (sex, ID type, roles the caller may grant, ...) as drop-down lists.
 */
export const fixedUserTemplateEndpoint = defineEndpoint({
  method: 'GET',
  path: '/admin/user/exportFixedUserTemplate',
  summary: 'The import template (XLSX) of the default user form',
  tags: ['user-import'],
  query: importTemplateQuerySchema,
  response: null,
  produces: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
});

/**
 * `GET /admin/user/exportExcelTemplate?userTypeId=`: the template of a user type. User types define no
 * extra fields yet, so it equals the fixed template (docs/user-import.md).
 */
export const userTypeTemplateEndpoint = defineEndpoint({
  method: 'GET',
  path: '/admin/user/exportExcelTemplate',
  summary: 'The import template (XLSX) of a user type',
  tags: ['user-import'],
  query: importTemplateQuerySchema,
  response: null,
  produces: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
});

/**
 * `POST /admin/user/importUsers` (multipart/form-data): `file` (.xls or .xlsx, at most
 * IMPORT_FILE_MAX_BYTES), `fileMd5` (hex MD5 of the file's bytes), `deptId`, `userTypeId`, `importType`
 * (0 create, 1 update). The `file` part is checked by the server (content, not only the name); the
 * other parts by this schema. Answers the queued task and, in create mode, the initial password shared
 * by the users it creates (shown once; each must change it at first login).
 */
export const importUsersBodySchema = z.object({
  fileMd5: z
    .string({ error: 'fileMd5 is required' })
    .trim()
    .regex(/^[0-9a-fA-F]{32}$/, 'fileMd5 must be 32 hexadecimal characters')
    .describe('MD5 of the file bytes, hex'),
  deptId: z.preprocess(
    (v) => (v === '' ? undefined : v),
    idSchema.optional().refine((v) => v !== undefined, IMPORT_MESSAGES.deptRequired['en-US']),
  ),
  userTypeId: z.preprocess(
    (v) => (v === '' ? undefined : v),
    idSchema.optional().refine((v) => v !== undefined, IMPORT_MESSAGES.userTypeRequired['en-US']),
  ),
  importType: z.coerce
    .number()
    .int()
    .refine((v) => v === IMPORT_TYPE.create || v === IMPORT_TYPE.update, 'importType must be 0 or 1')
    .default(IMPORT_TYPE.create),
});

export const importUsersResultSchema = z.object({
  task: taskProgressSchema,
  passwordsInResult: z
    .boolean()
    .describe(
      "create mode: every account the task creates gets its own initial password, listed in the task's result file",
    ),
});
export type ImportUsersResult = z.infer<typeof importUsersResultSchema>;

export const importUsersEndpoint = defineEndpoint({
  method: 'POST',
  path: '/admin/user/importUsers',
  summary: 'Upload a user file and queue its import',
  tags: ['user-import'],
  bodyType: 'multipart',
  body: importUsersBodySchema,
  response: importUsersResultSchema,
});

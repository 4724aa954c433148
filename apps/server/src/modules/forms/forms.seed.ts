import { FIELD_LIBRARY, columnFromLibrary, validFormDefinitionSchema, type FormColumn } from '@psy/forms';
import type { Tx } from '../../core/db/database';
import { form, formType, formVersion, smartFormSetting } from './forms.table';

const t = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });

/** The start-up agreement as a form: the visitor agrees and signs (S0.2.23, S0.3.12). */
const AGREEMENT_COLUMNS: FormColumn[] = [
  {
    prop: 'agreementTitle',
    // The agreement's text is the setting's (shown above the form): the form is the confirmation.
    label: t('确认与签名', 'Your confirmation and signature'),
    type: 'title',
  },
  {
    prop: 'agree',
    label: t('我已阅读并同意以上内容', 'I have read and agree to the above'),
    type: 'radio',
    required: true,
    dicData: [{ value: 1, label: t('同意', 'I agree') }],
  },
  columnFromLibrary('sign_common', { required: false }),
];

/** The default user-profile template: the user fields of the library (S0.3.3). */
const USER_PROFILE_COLUMNS: FormColumn[] = FIELD_LIBRARY.filter((f) => f.group === 'user').map((f) =>
  columnFromLibrary(f.prop),
);

const DEFAULT_FORMS = [
  { purpose: 'agreement', name: t('知情同意书', 'Informed consent'), columns: AGREEMENT_COLUMNS },
  {
    purpose: 'user_profile',
    name: t('用户信息模板', 'User profile template'),
    columns: USER_PROFILE_COLUMNS,
  },
] as const;

/**
 * A new school's default forms (issue 6): the agreement form and the user-profile template, each
 * version 1 and bound to its business use in the smart form settings. Runs inside the seeding transaction.
 */
export async function seedDefaultForms(tx: Tx, tenantId: number): Promise<void> {
  const [type] = await tx
    .insert(formType)
    .values({ tenantId, name: t('系统表单', 'System forms'), sort: 0 })
    .returning({ id: formType.id });
  for (const f of DEFAULT_FORMS) {
    const [row] = await tx
      .insert(form)
      .values({ tenantId, typeId: type!.id, purpose: f.purpose, name: f.name, currentVersion: 1 })
      .returning({ id: form.id });
    const definition = validFormDefinitionSchema.parse({
      id: String(row!.id),
      version: 1,
      name: f.name,
      columns: f.columns,
    });
    await tx.insert(formVersion).values({ tenantId, formId: row!.id, version: 1, definition });
    await tx.insert(smartFormSetting).values({ tenantId, code: f.purpose, formId: row!.id, enabled: true });
  }
}

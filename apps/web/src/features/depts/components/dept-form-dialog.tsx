import { DEPT_NAME_MAX } from '@psy/contracts';
import { Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/admin/form-dialog';
import { useRevalidateOnLanguageChange } from '../../../shared/ui/use-revalidate-on-language-change';
import { useCreateDept, useUpdateDept } from '../api/depts';
import { DeptTreeSelect } from './dept-tree-select';

/** Spec S0.9.7: dialogs are 780 px wide. */
const DIALOG_WIDTH = 780;

export type DeptFormTarget =
  | { mode: 'add'; parentId: number; parentPath: string }
  | {
      mode: 'edit';
      id: number;
      name: string;
      parentId: number | null;
      parentPath: string | null;
    };

interface DeptFormValues {
  name?: string;
  parentId?: number | null;
  sort?: number | null;
}

export interface DeptFormDialogProps {
  target: DeptFormTarget;
  onClose: () => void;
  /** After a save: the parents whose children changed, and the saved department. */
  onSaved: (changedParents: readonly (number | null)[], savedId: number) => void;
}

/** Add a department under a parent, or rename / move one (spec S0.7 departments; admin_dept_add/_edit). */
export function DeptFormDialog({ target, onClose, onSaved }: DeptFormDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DeptFormValues>();
  useRevalidateOnLanguageChange(form);
  const create = useCreateDept();
  const update = useUpdateDept();
  const isEdit = target.mode === 'edit';

  const submit = async (values: DeptFormValues) => {
    const name = (values.name ?? '').trim();
    if (target.mode === 'add') {
      const saved = await create.mutateAsync({ parentId: target.parentId, name, sort: values.sort ?? 0 });
      return { parents: [target.parentId], id: saved.id };
    }
    const parentId = values.parentId ?? target.parentId ?? undefined;
    const saved = await update.mutateAsync({
      id: target.id,
      name,
      // The tree does not carry the order: an empty field keeps it.
      ...(values.sort != null ? { sort: values.sort } : {}),
      ...(parentId != null && parentId !== target.parentId ? { parentId } : {}),
    });
    return { parents: [target.parentId, saved.parentId], id: saved.id };
  };

  return (
    <FormDialog<DeptFormValues>
      form={form}
      title={isEdit ? t('deptAdmin.form.editTitle') : t('deptAdmin.form.addTitle')}
      width={DIALOG_WIDTH}
      name="dept-form"
      initialValues={target.mode === 'edit' ? { name: target.name, parentId: target.parentId } : { sort: 0 }}
      // A name taken among its siblings, a move into its own subtree: on the field the server names.
      serverFields={['name', 'parentId', 'sort']}
      successText={t('deptAdmin.saved')}
      onSubmit={submit}
      onSaved={(result) => {
        const { parents, id } = result as { parents: (number | null)[]; id: number };
        onSaved(parents, id);
        onClose();
      }}
      onClose={onClose}
    >
      {target.mode === 'add' ? (
        <Form.Item label={t('deptAdmin.form.parent')}>
          <Input value={target.parentPath} disabled />
        </Form.Item>
      ) : target.parentId !== null ? (
        <Form.Item
          name="parentId"
          label={t('deptAdmin.form.parent')}
          rules={[{ required: true, message: t('deptAdmin.form.parentRequired') }]}
        >
          <DeptTreeSelect valueLabel={target.parentPath} allowClear={false} disabledIds={[target.id]} />
        </Form.Item>
      ) : null}
      <Form.Item
        name="name"
        label={t('deptAdmin.form.name')}
        required
        rules={[
          {
            validator: async (_: unknown, value: string | undefined) => {
              const name = (value ?? '').trim();
              if (name === '') throw new Error(t('deptAdmin.form.nameRequired'));
              if ([...name].length > DEPT_NAME_MAX) {
                throw new Error(t('deptAdmin.form.nameTooLong', { max: DEPT_NAME_MAX }));
              }
            },
          },
        ]}
      >
        <Input maxLength={DEPT_NAME_MAX + 10} />
      </Form.Item>
      <Form.Item
        name="sort"
        label={t('deptAdmin.form.sort')}
        extra={isEdit ? t('deptAdmin.form.sortKeep') : t('deptAdmin.form.sortHint')}
      >
        <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} />
      </Form.Item>
    </FormDialog>
  );
}

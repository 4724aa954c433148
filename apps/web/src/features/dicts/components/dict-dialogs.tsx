import { Flex, Form, Input, InputNumber, Switch } from 'antd';
import { DICT_NAME_PATTERN } from '@psy/contracts';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/admin/form-dialog';
import { useSaveDict, useSaveDictItem, type DictAdminItem, type DictType } from '../api/dicts';
import { nextSort, suggestValue } from '../lib/dict-items';

interface DictValues {
  name: string;
  description?: string | null;
}

/** Add a dictionary (name and description) or change a dictionary's description. */
export function DictFormDialog({ dict, onClose }: { dict: DictType | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveDict();
  return (
    <FormDialog<DictValues>
      title={dict ? t('systemSettings.dict.editTitle') : t('systemSettings.dict.add')}
      name="dict-form"
      initialValues={dict ? { name: dict.name, description: dict.description } : {}}
      // A name already used is refused on its field.
      serverFields={['name', 'description']}
      onSubmit={(values) =>
        save.mutateAsync({ id: dict?.id, name: values.name, description: values.description || null })
      }
      onClose={onClose}
    >
      <Form.Item
        name="name"
        label={t('systemSettings.dict.name')}
        extra={t('systemSettings.dict.nameHint')}
        rules={[
          { required: true, message: t('systemSettings.required') },
          { pattern: DICT_NAME_PATTERN, message: t('systemSettings.dict.namePattern') },
        ]}
      >
        <Input maxLength={60} disabled={dict !== null} />
      </Form.Item>
      <Form.Item name="description" label={t('systemSettings.dict.description')}>
        <Input maxLength={200} showCount />
      </Form.Item>
    </FormDialog>
  );
}

interface ItemValues {
  value: string;
  label: string;
  labelEn?: string | null;
  sort: number;
  enabled: boolean;
}

/** Add an item (value fixed from then on) or change an item's labels, order and switch. */
export function DictItemFormDialog({
  dictId,
  item,
  items,
  onClose,
}: {
  dictId: number;
  item: DictAdminItem | null;
  items: readonly DictAdminItem[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveDictItem();
  return (
    <FormDialog<ItemValues>
      title={item ? t('systemSettings.dict.editItem') : t('systemSettings.dict.addItem')}
      name="dict-item-form"
      initialValues={
        item
          ? {
              value: item.value,
              label: item.label,
              labelEn: item.labelEn,
              sort: item.sort,
              enabled: item.enabled,
            }
          : { value: suggestValue(items), sort: nextSort(items), enabled: true }
      }
      // A value used before is refused on its field.
      serverFields={['value', 'label', 'labelEn', 'sort', 'enabled']}
      onSubmit={(values) =>
        save.mutateAsync({ ...values, id: item?.id, dictId, labelEn: values.labelEn || null })
      }
      onClose={onClose}
    >
      <Form.Item
        name="value"
        label={t('systemSettings.dict.value')}
        extra={t('systemSettings.dict.valueHint')}
        rules={[
          { required: true, message: t('systemSettings.required') },
          { pattern: /^[A-Za-z0-9_.-]{1,40}$/, message: t('systemSettings.dict.valuePattern') },
        ]}
      >
        <Input maxLength={40} disabled={item !== null} />
      </Form.Item>
      <Form.Item
        name="label"
        label={t('systemSettings.dict.label')}
        rules={[{ required: true, whitespace: true, message: t('systemSettings.required') }]}
      >
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="labelEn" label={t('systemSettings.dict.labelEn')}>
        <Input maxLength={100} />
      </Form.Item>
      <Flex gap={24} wrap>
        <Form.Item name="sort" label={t('systemSettings.dict.sort')}>
          <InputNumber min={0} max={9999} precision={0} />
        </Form.Item>
        <Form.Item name="enabled" label={t('systemSettings.dict.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Flex>
    </FormDialog>
  );
}

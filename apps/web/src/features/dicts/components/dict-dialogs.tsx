import { Button, Flex, Form, Input, InputNumber, Modal, Switch } from 'antd';
import { DICT_NAME_PATTERN } from '@psy/contracts';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../shared/ui/feedback';
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
  const submit = async (values: DictValues) => {
    try {
      await save.mutateAsync({ id: dict?.id, name: values.name, description: values.description || null });
      showToast('success', t('systemSettings.saved'));
      onClose();
    } catch {
      // The request layer showed why (a name already used).
    }
  };
  return (
    <Modal
      open
      title={dict ? t('systemSettings.dict.editTitle') : t('systemSettings.dict.add')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Form<DictValues>
        name="dict-form"
        layout="vertical"
        autoComplete="off"
        initialValues={dict ? { name: dict.name, description: dict.description } : {}}
        onFinish={(values) => void submit(values)}
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
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('common.confirm')}
          </Button>
        </Flex>
      </Form>
    </Modal>
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
  const submit = async (values: ItemValues) => {
    try {
      await save.mutateAsync({ ...values, id: item?.id, dictId, labelEn: values.labelEn || null });
      showToast('success', t('systemSettings.saved'));
      onClose();
    } catch {
      // The request layer showed why (a value used before).
    }
  };
  return (
    <Modal
      open
      title={item ? t('systemSettings.dict.editItem') : t('systemSettings.dict.addItem')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Form<ItemValues>
        name="dict-item-form"
        layout="vertical"
        autoComplete="off"
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
        onFinish={(values) => void submit(values)}
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
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('common.confirm')}
          </Button>
        </Flex>
      </Form>
    </Modal>
  );
}

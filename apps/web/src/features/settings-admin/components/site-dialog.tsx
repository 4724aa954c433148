import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input, InputNumber, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/admin/form-dialog';
import { useSaveSite, type Site, type SiteInput } from '../api/settings';
import styles from './settings.module.css';

type SiteValues = Omit<SiteInput, 'id'>;

/** The dialog's fields; a server 400 naming one of them is shown on it. */
const SITE_FORM_FIELDS = ['name', 'address', 'phone', 'description', 'sort', 'enabled', 'rooms'] as const;

/** Add or change a site and its rooms; rooms removed here are removed from the site. */
export function SiteDialog({ site, onClose }: { site: Site | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveSite();
  return (
    <FormDialog<SiteValues>
      width={640}
      title={site ? t('systemSettings.sites.edit') : t('systemSettings.sites.add')}
      name="site-form"
      initialValues={
        site
          ? {
              name: site.name,
              address: site.address,
              phone: site.phone,
              description: site.description,
              sort: site.sort,
              enabled: site.enabled,
              rooms: site.rooms,
            }
          : { enabled: true, sort: 0, rooms: [] }
      }
      // A name already used is refused on its field; a room's problem on the rooms.
      serverFields={SITE_FORM_FIELDS}
      onSubmit={(values) => save.mutateAsync({ ...values, id: site?.id, rooms: values.rooms ?? [] })}
      onClose={onClose}
    >
      <Form.Item
        name="name"
        label={t('systemSettings.sites.name')}
        rules={[{ required: true, whitespace: true, message: t('systemSettings.required') }]}
      >
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="address" label={t('systemSettings.sites.address')}>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item
        name="phone"
        label={t('systemSettings.sites.phone')}
        rules={[{ pattern: /^\+?[0-9][0-9 -]{3,18}[0-9]$/, message: t('systemSettings.sites.phonePattern') }]}
      >
        <Input maxLength={20} inputMode="tel" />
      </Form.Item>
      <Form.Item name="description" label={t('systemSettings.sites.description')}>
        <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 5 }} />
      </Form.Item>
      <Flex gap={24} wrap>
        <Form.Item name="sort" label={t('systemSettings.dict.sort')}>
          <InputNumber min={0} max={9999} precision={0} />
        </Form.Item>
        <Form.Item name="enabled" label={t('systemSettings.dict.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Flex>
      <Form.Item label={t('systemSettings.sites.rooms')}>
        <Form.List name="rooms">
          {(rows, { add, remove }) => (
            <Flex vertical gap={8}>
              {rows.map((row, index) => (
                <Flex key={row.key} gap={8} wrap align="center" className={styles.listRow}>
                  <Form.Item name={[row.name, 'id']} hidden>
                    <Input />
                  </Form.Item>
                  <Form.Item
                    name={[row.name, 'name']}
                    className={styles.listCell}
                    rules={[{ required: true, whitespace: true, message: t('systemSettings.required') }]}
                  >
                    <Input
                      maxLength={50}
                      placeholder={t('systemSettings.sites.roomName')}
                      aria-label={t('systemSettings.sites.roomNameN', { n: index + 1 })}
                    />
                  </Form.Item>
                  <Form.Item name={[row.name, 'capacity']} className={styles.listCell}>
                    <InputNumber
                      min={1}
                      max={1000}
                      precision={0}
                      placeholder={t('systemSettings.sites.capacity')}
                      aria-label={t('systemSettings.sites.capacityN', { n: index + 1 })}
                    />
                  </Form.Item>
                  <Form.Item name={[row.name, 'enabled']} valuePropName="checked" className={styles.listCell}>
                    <Switch
                      size="small"
                      aria-label={t('systemSettings.sites.roomEnabledN', { n: index + 1 })}
                    />
                  </Form.Item>
                  <Button
                    type="text"
                    icon={<MinusCircleOutlined />}
                    aria-label={t('systemSettings.settings.removeRow', { n: index + 1 })}
                    onClick={() => remove(row.name)}
                  />
                </Flex>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add({ enabled: true, sort: rows.length })}
              >
                {t('systemSettings.sites.addRoom')}
              </Button>
            </Flex>
          )}
        </Form.List>
      </Form.Item>
    </FormDialog>
  );
}

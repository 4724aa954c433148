import { UploadOutlined } from '@ant-design/icons';
import { HEX_COLOR_PATTERN, PAGE_SETUP_IMAGE_MAX_BYTES } from '@psy/contracts';
import { Alert, Button, ColorPicker, Flex, Form, Input, Spin, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../../../shared/admin/admin-page';
import { readableShade } from '../../../shared/theme/brand-colors';
import { showToast } from '../../../shared/ui/feedback';
import { useOwnPageSetup, useSavePageSetup, type PageSetup } from '../api/settings';
import { IMAGE_ACCEPT, imageFileIssue, previewOf, type PageSetupDraft } from '../lib/page-setup-preview';
import styles from './settings.module.css';

type Values = Required<{ [K in keyof PageSetupDraft]: string }>;

const toValues = (s: PageSetup): Values => ({
  systemTitle: s.systemTitle ?? '',
  browserTitle: s.browserTitle ?? '',
  browserIcon: s.browserIcon ?? '',
  technicalSupport: s.technicalSupport ?? '',
  navigateLogo: s.navigateLogo ?? '',
  layoutThemeColor: s.layoutThemeColor ?? '',
});

/**
 * `/admin/pageSetup/index` (spec S0.1.7, S0.7.16): the school's titles, browser icon, navigation logo,
 * technical support line and theme colour, with a live preview; the login page and the shell use them.
 */
export function PageSetupPage() {
  const { t } = useTranslation();
  const setup = useOwnPageSetup();
  return (
    <AdminPage title={t('systemSettings.pageSetup.title')}>
      {setup.data ? <PageSetupForm key={setup.dataUpdatedAt} setup={setup.data} /> : <Spin />}
    </AdminPage>
  );
}

function PageSetupForm({ setup }: { setup: PageSetup }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useSavePageSetup();
  const draft = Form.useWatch([], form) as Values | undefined;
  const preview = previewOf(draft ?? toValues(setup), t('app.title'));

  const submit = async (values: Values) => {
    try {
      await save.mutateAsync({ ...values, tenantId: setup.tenantId });
      showToast('success', t('systemSettings.saved'));
    } catch {
      // The request layer showed why.
    }
  };

  const imageField = (name: 'browserIcon' | 'navigateLogo') => (
    <Form.Item label={t(`systemSettings.pageSetup.${name}`)} extra={t('systemSettings.pageSetup.imageHint')}>
      <div className={styles.imageRow}>
        <Form.Item name={name} noStyle>
          <Input
            placeholder="https://…"
            aria-label={t(`systemSettings.pageSetup.${name}`)}
            allowClear
            className={styles.textInput}
          />
        </Form.Item>
        <Upload
          accept={IMAGE_ACCEPT}
          showUploadList={false}
          beforeUpload={(file) => {
            const issue = imageFileIssue(file, PAGE_SETUP_IMAGE_MAX_BYTES);
            if (issue) {
              showToast('error', t(`systemSettings.pageSetup.imageIssue.${issue}`));
              return Upload.LIST_IGNORE;
            }
            const reader = new FileReader();
            reader.onload = () => form.setFieldValue(name, String(reader.result));
            reader.readAsDataURL(file);
            return Upload.LIST_IGNORE;
          }}
        >
          <Button icon={<UploadOutlined />}>{t('systemSettings.pageSetup.upload')}</Button>
        </Upload>
        {preview[name] && <img className={styles.thumb} src={preview[name]} alt="" />}
      </div>
    </Form.Item>
  );

  return (
    <Flex gap={24} wrap align="start">
      <Form<Values>
        form={form}
        name="page-setup"
        layout="vertical"
        autoComplete="off"
        className={styles.form}
        initialValues={toValues(setup)}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item name="systemTitle" label={t('systemSettings.pageSetup.systemTitle')}>
          <Input maxLength={50} showCount />
        </Form.Item>
        <Form.Item name="browserTitle" label={t('systemSettings.pageSetup.browserTitle')}>
          <Input maxLength={50} showCount />
        </Form.Item>
        {imageField('browserIcon')}
        {imageField('navigateLogo')}
        <Form.Item name="technicalSupport" label={t('systemSettings.pageSetup.technicalSupport')}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="layoutThemeColor"
          label={t('systemSettings.pageSetup.layoutThemeColor')}
          rules={[{ pattern: HEX_COLOR_PATTERN, message: t('systemSettings.pageSetup.colorPattern') }]}
        >
          <Input maxLength={7} placeholder="#1677ff" className={styles.idInput} />
        </Form.Item>
        <Form.Item noStyle>
          <ColorPicker
            className={styles.listField}
            value={preview.color}
            format="hex"
            disabledAlpha
            showText
            aria-label={t('systemSettings.pageSetup.pickColor')}
            onChangeComplete={(c) => form.setFieldValue('layoutThemeColor', c.toHexString())}
          />
        </Form.Item>
        <Flex justify="end">
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('systemSettings.save')}
          </Button>
        </Flex>
      </Form>
      <section className={styles.previewColumn} aria-labelledby="page-setup-preview">
        <Typography.Title level={2} id="page-setup-preview" className={styles.groupTitle}>
          {t('systemSettings.pageSetup.preview')}
        </Typography.Title>
        {preview.isColorFallback && (
          <Alert
            type="info"
            showIcon
            title={t('systemSettings.pageSetup.whiteFallback')}
            className={styles.listField}
          />
        )}
        <div className={styles.preview} data-testid="page-setup-preview" data-color={preview.color}>
          <div className={styles.browserTab}>
            {preview.browserIcon && <img className={styles.tabIcon} src={preview.browserIcon} alt="" />}
            <span>{preview.browserTitle}</span>
          </div>
          <div className={styles.bar} style={{ background: readableShade(preview.color) }}>
            {preview.navigateLogo && <img className={styles.barLogo} src={preview.navigateLogo} alt="" />}
            <span className={styles.barTitle}>{preview.systemTitle}</span>
          </div>
          <div className={styles.previewBody}>
            <span className={styles.swatchButton} style={{ background: readableShade(preview.color) }}>
              {t('systemSettings.pageSetup.sampleButton')}
            </span>
            {preview.technicalSupport && (
              <span className={styles.support}>
                {t('systemSettings.pageSetup.supportLine', { text: preview.technicalSupport })}
              </span>
            )}
          </div>
        </div>
      </section>
    </Flex>
  );
}

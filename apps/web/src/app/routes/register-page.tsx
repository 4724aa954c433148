import { seededName, type Lang } from '@psy/contracts';
import { currentLanguage } from '../../i18n/i18n';
import { captchaEndpoint, newRequestId, PHONE_PATTERN } from '@psy/contracts';
import { Button, Card, Form, Input, Result, Select, Spin, TreeSelect } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { confirmPasswordMessage, newPasswordMessage } from '../../features/auth';
import { isTenantCode, useTenantByCode } from '../../features/tenant';
import { useRegionSetting, useRegister, type RegisterInput } from '../../features/user-profile';
import { endpointUrl } from '../../shared/api/request';
import { readKnownTenant } from '../../shared/session/session-store';
import { showToast } from '../../shared/ui/feedback';
import { LanguageSwitch } from '../../shared/ui/language-switch';
import styles from './auth-card-page.module.css';

/** The school of `/login` without a short name (login-page.tsx's DEFAULT_TENANT_CODE). */
const DEFAULT_TENANT_CODE = 'demo';

interface RegisterValues extends RegisterInput {
  confirm: string;
}

interface DeptLike {
  id: number;
  label: string;
  children: DeptLike[];
}
interface DeptOption {
  value: number;
  title: string;
  children: DeptOption[];
}
/** The school's departments to choose from, seeded names in the reader's language. */
const treeOptions = (nodes: readonly DeptLike[], lang: Lang): DeptOption[] =>
  nodes.map((n) => ({
    value: n.id,
    title: seededName(n.label, lang),
    children: treeOptions(n.children, lang),
  }));

/**
 * `/register?shortName=` (spec S0.7.11 `register`, `regionSetting`): self-registration at a school while
 * one of its user types allows it. The spec shows no register link; the login page offers this page only
 * for such schools.
 */
export function RegisterPage() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const shortName = (params.get('shortName') ?? readKnownTenant()?.code ?? DEFAULT_TENANT_CODE).trim();
  const tenantQuery = useTenantByCode(isTenantCode(shortName) ? shortName : '');
  const tenant = tenantQuery.data;
  const setting = useRegionSetting(tenant?.id);
  const register = useRegister(tenant?.id);
  const [form] = Form.useForm<RegisterValues>();
  const [captchaKey, setCaptchaKey] = useState(newRequestId);
  const depts = useMemo(() => treeOptions(setting.data?.depts ?? [], lang), [setting.data, lang]);
  const loginPath = `/${tenant?.code ?? shortName}/login`;

  const submit = async ({ confirm: _confirm, ...values }: RegisterValues) => {
    try {
      await register.mutateAsync({ ...values, randomStr: captchaKey });
    } catch {
      // A captcha is good once: show a new one after any refusal.
      setCaptchaKey(newRequestId());
      form.setFieldValue('code', '');
      return;
    }
    showToast('success', t('register.done'));
    void navigate(loginPath, { replace: true });
  };

  let body;
  if (tenantQuery.isPending || (tenant && setting.isPending)) body = <Spin />;
  else if (!tenant) body = <Result status="warning" title={t('fingerprint.unknownSchool')} />;
  else if (!setting.data?.registerEnabled) body = <Result status="info" title={t('register.closed')} />;
  else
    body = (
      <Form<RegisterValues>
        form={form}
        layout="vertical"
        name="register"
        autoComplete="off"
        onFinish={(v) => void submit(v)}
      >
        <Form.Item
          name="username"
          label={t('register.username')}
          rules={[
            { required: true, whitespace: true, message: t('register.usernameRequired') },
            { min: 2, max: 20, message: t('register.usernameLength') },
          ]}
        >
          <Input autoComplete="username" maxLength={20} />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('register.password')}
          required
          dependencies={['username']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_r, value: string | undefined) => {
                const key = newPasswordMessage(value ?? '', String(getFieldValue('username') ?? ''));
                if (key) throw new Error(t(key));
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={20} />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('register.confirm')}
          required
          dependencies={['password']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_r, value: string | undefined) => {
                const key = confirmPasswordMessage(String(getFieldValue('password') ?? ''), value ?? '');
                if (key) throw new Error(t(key));
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={20} />
        </Form.Item>
        <Form.Item
          name="realName"
          label={t('register.realName')}
          rules={[{ required: true, whitespace: true, message: t('register.realNameRequired') }]}
        >
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item
          name="phone"
          label={t('register.phone')}
          rules={[
            { required: true, message: t('register.phoneRequired') },
            { pattern: PHONE_PATTERN, message: t('userProfile.phoneInvalid') },
          ]}
        >
          <Input inputMode="tel" maxLength={11} />
        </Form.Item>
        <Form.Item
          name="userTypeId"
          label={t('register.userType')}
          rules={[{ required: true, message: t('register.userTypeRequired') }]}
        >
          <Select
            options={setting.data.userTypes.map((u) => ({
              value: u.id,
              label: seededName(u.name, currentLanguage()),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="deptId"
          label={t('register.dept')}
          rules={[{ required: true, message: t('register.deptRequired') }]}
        >
          <TreeSelect treeData={depts} showSearch treeNodeFilterProp="title" treeDefaultExpandAll={false} />
        </Form.Item>
        <Form.Item label={t('register.captcha')} required>
          <div style={{ display: 'flex', gap: 8 }}>
            <Form.Item
              name="code"
              noStyle
              rules={[{ required: true, whitespace: true, message: t('register.captchaRequired') }]}
            >
              <Input maxLength={16} aria-label={t('register.captcha')} />
            </Form.Item>
            <button
              type="button"
              onClick={() => setCaptchaKey(newRequestId())}
              style={{ padding: 0, border: 0, background: 'none', cursor: 'pointer' }}
              aria-label={t('register.newCaptcha')}
            >
              <img
                src={endpointUrl(captchaEndpoint, { query: { randomStr: captchaKey } })}
                alt=""
                width={120}
                height={40}
              />
            </button>
          </div>
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={register.isPending}>
          {t('register.submit')}
        </Button>
      </Form>
    );

  return (
    <div className={styles.page}>
      <header className={styles.topBar}>
        <LanguageSwitch />
      </header>
      <main className={styles.main}>
        <Card className={styles.card}>
          <h1 className={styles.title}>{t('register.title')}</h1>
          {body}
          <p className={styles.back}>
            <Link to={loginPath}>{t('register.toLogin')}</Link>
          </p>
        </Card>
      </main>
    </div>
  );
}

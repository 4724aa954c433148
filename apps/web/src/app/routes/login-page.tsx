import { lazy, Suspense, useEffect, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { IdCardLoginForm, LoginForm, SmsLoginForm } from '../../features/auth';
import { clearLock } from '../../features/lock';
import { loadSsoButtons } from '../../features/sso';
import { useRegionSetting } from '../../features/user-profile';
import {
  brandFromPageSetup,
  isTenantCode,
  isUnknownTenantError,
  usePageSetup,
  useTenantByCode,
  type TenantDetail,
} from '../../features/tenant';
import { saveKnownTenant, takeLoginRedirect } from '../../shared/session/session-store';
import { setBrand, useBrand } from '../../shared/theme/brand';
import { readableShade } from '../../shared/theme/brand-colors';
import { LanguageSwitch } from '../../shared/ui/language-switch';
import { Button } from '../../shared/ui/plain/button';
import { Result } from '../../shared/ui/plain/result';
import { LoadingState } from '../../shared/ui/plain/spinner';
import { Tabs } from '../../shared/ui/plain/tabs';
import { TenantLogo } from '../../shared/ui/tenant-logo';
import { HOME_PATH } from '../../shared/lib/app-paths';
import styles from './login-page.module.css';

/** Tenant of `/login` without a short name. */
export const DEFAULT_TENANT_CODE = 'demo';

// The single sign-on buttons load after the form: a school without providers pays one small request.
const SsoButtons = lazy(async () => ({ default: (await loadSsoButtons()).SsoButtons }));

function LoginMethods({ tenant, onLoggedIn }: { tenant: TenantDetail; onLoggedIn: () => void }) {
  const { t } = useTranslation();
  const passwordForm = <LoginForm tenant={tenant} onLoggedIn={onLoggedIn} />;
  return (
    <Tabs
      id="login-method"
      label={t('login.tabs.label')}
      className={styles.tabs}
      items={[
        { key: 'password', label: t('login.tabs.password'), panel: passwordForm },
        ...(tenant.smsLoginEnabled
          ? [
              {
                key: 'sms',
                label: t('login.tabs.sms'),
                panel: <SmsLoginForm tenant={tenant} onLoggedIn={onLoggedIn} />,
              },
            ]
          : []),
        // Spec S0.7.2: login by ID type and number.
        {
          key: 'idCard',
          label: t('login.tabs.idCard'),
          panel: <IdCardLoginForm tenant={tenant} onLoggedIn={onLoggedIn} />,
        },
      ]}
    />
  );
}

/**
 * Links under the login form: the fingerprint login (spec S0.2.5) where the browser has WebAuthn, and
 * self-registration only for a school with a user type that allows it (the spec shows no register link).
 */
function OtherSignIn({ tenant }: { tenant: TenantDetail }) {
  const { t } = useTranslation();
  const setting = useRegionSetting(tenant.id);
  const hasWebAuthn = typeof window.PublicKeyCredential === 'function';
  const query = new URLSearchParams({ shortName: tenant.code }).toString();
  if (!hasWebAuthn && !setting.data?.registerEnabled) return null;
  return (
    <p className={styles.otherSignIn}>
      {hasWebAuthn && <Link to={`/fingerprintLogin?${query}`}>{t('fingerprint.loginTitle')}</Link>}
      {setting.data?.registerEnabled && <Link to={`/register?${query}`}>{t('register.link')}</Link>}
    </p>
  );
}

/** `/login` and `/:shortName/login` (spec S0.2.3): the tenant's branded login card. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const [searchParams] = useSearchParams();
  const shortName = (params.shortName ?? searchParams.get('shortName') ?? DEFAULT_TENANT_CODE).trim();

  const tenantQuery = useTenantByCode(shortName);
  const tenant = tenantQuery.data;
  const pageSetupQuery = usePageSetup(tenant?.id);
  const brand = useBrand();
  const isUnknownTenant = !isTenantCode(shortName) || isUnknownTenantError(tenantQuery.error);

  useEffect(() => {
    if (isUnknownTenant) {
      void navigate(`/tenant-error?${new URLSearchParams({ shortName })}`, { replace: true });
    }
  }, [isUnknownTenant, navigate, shortName]);

  useEffect(() => {
    if (tenant) saveKnownTenant({ id: tenant.id, code: tenant.code });
  }, [tenant]);

  const pageSetup = pageSetupQuery.data;
  const isPageSetupSettled = pageSetupQuery.isSuccess || pageSetupQuery.isError;
  useEffect(() => {
    // A tenant without a page setup gets the default look rather than the previous tenant's.
    if (isPageSetupSettled) setBrand(brandFromPageSetup(pageSetup));
  }, [isPageSetupSettled, pageSetup]);

  const onLoggedIn = () => {
    // Spec S0.4.2: logging in clears the lock screen.
    clearLock();
    void navigate(takeLoginRedirect() ?? HOME_PATH, { replace: true });
  };

  const pageBrand = brandFromPageSetup(pageSetup);
  const title = pageBrand.systemTitle ?? tenant?.name ?? t('app.title');
  const isPending = tenantQuery.isPending || (tenant !== undefined && !isPageSetupSettled);
  const isUnreachable = tenantQuery.isError && !isUnknownTenant;

  let body;
  if (isUnreachable) {
    body = (
      <Result
        className={styles.unreachable}
        status="warning"
        headingLevel={2}
        title={t('login.unreachable.title')}
        description={
          window.isSecureContext ? t('login.unreachable.description') : t('errors.insecureContext')
        }
        extra={
          <Button variant="primary" onClick={() => void tenantQuery.refetch()} busy={tenantQuery.isFetching}>
            {t('login.retry')}
          </Button>
        }
      />
    );
  } else if (isPending || !tenant) {
    body = <LoadingState className={styles.pending} text={t('login.loadingTenant')} />;
  } else {
    body = (
      <>
        <LoginMethods tenant={tenant} onLoggedIn={onLoggedIn} />
        <Suspense fallback={null}>
          <SsoButtons tenant={tenant} />
        </Suspense>
        <OtherSignIn tenant={tenant} />
      </>
    );
  }

  const colors = {
    '--brand-color': brand.primaryColor,
    '--brand-color-strong': readableShade(brand.primaryColor),
  } as CSSProperties;

  return (
    <div className={styles.page} style={colors}>
      <header className={styles.topBar}>
        <LanguageSwitch className={styles.languageSwitch} />
      </header>
      <main className={styles.main}>
        <div className={styles.card}>
          <div className={styles.brand}>
            {isPending ? (
              <div className={styles.logoPlaceholder} />
            ) : (
              <TenantLogo
                src={pageBrand.logo}
                alt={t('app.logoAlt', { name: title })}
                color={brand.primaryColor}
                height={56}
              />
            )}
            <h1 className={styles.title} data-testid="system-title">
              {isPending ? '\u00a0' : title}
            </h1>
            <p className={styles.subtitle}>{t('login.heading')}</p>
          </div>
          {body}
        </div>
      </main>
      <footer className={styles.footer}>
        {pageBrand.technicalSupport
          ? t('login.technicalSupport', { name: pageBrand.technicalSupport })
          : '\u00a0'}
      </footer>
    </div>
  );
}

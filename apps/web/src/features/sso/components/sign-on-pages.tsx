import type { SsoButton, SsoLoginTicket } from '@psy/contracts';
import { Button, Card, Result, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { clearLock } from '../../lock';
import { isTenantCode, useTenantByCode } from '../../tenant';
import { HOME_PATH } from '../../../shared/lib/app-paths';
import { readKnownTenant, takeLoginRedirect } from '../../../shared/session/session-store';
import { completeSignOn, exchangeLoginToken, startSignOn, useSsoButtons } from '../api/sso';
import {
  ENTRY_KINDS,
  completionOf,
  isInAppEntry,
  proofOf,
  savePendingSignOn,
  takePendingSignOn,
  type EntryPage,
} from '../lib/sign-on';
import { saveSignedInWith } from '../lib/sign-on-logout';
import styles from './sso.module.css';

const messageOf = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

/** The end of every sign-on: the login token for the session, then the page the sign-on was for. */
async function finishSignOn(ticket: SsoLoginTicket, navigate: ReturnType<typeof useNavigate>) {
  await exchangeLoginToken(ticket);
  saveSignedInWith({ shortName: ticket.shortName, code: ticket.provider });
  // Spec S0.4.2: logging in clears the lock screen.
  clearLock();
  void navigate(ticket.returnTo ?? HOME_PATH, { replace: true });
}

function entryOf(pathname: string): EntryPage {
  if (pathname.endsWith('/dingTalk')) return 'dingTalk';
  if (pathname.endsWith('/weChat')) return 'weChat';
  return 'sso';
}

/**
 * `/{shortName}/sso`, `/{shortName}/dingTalk`, `/{shortName}/weChat` (spec S0.2.4): starts the sign-on of
 * the school's provider (`?provider=` names one; else the only one of the page's kinds, or a choice) and
 * sends the browser to it. Inside DingTalk's or WeCom's own browser the start says so: WeCom answers its
 * silent OAuth address, and DingTalk the settings with which its JSAPI gives the code here, without a
 * round trip through a login page (docs/sso.md "In-app sign-on").
 */
export function SignOnPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { shortName = '' } = useParams();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const entry = entryOf(pathname);
  const tenantQuery = useTenantByCode(isTenantCode(shortName) ? shortName : '');
  const tenant = tenantQuery.data;
  const buttons = useSsoButtons(tenant?.id);
  const [problem, setProblem] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string | null>(params.get('provider'));
  const started = useRef(false);
  const choices = (buttons.data ?? []).filter(
    (b) => ENTRY_KINDS[entry].includes(b.kind) && (chosen === null || b.code === chosen),
  );
  const target: SsoButton | undefined = choices.length === 1 ? choices[0] : undefined;

  useEffect(() => {
    if (!tenant || !target || started.current) return;
    started.current = true;
    const inApp = isInAppEntry(entry, navigator.userAgent);
    void (async () => {
      try {
        const { url, state, dingTalk } = await startSignOn(
          tenant.id,
          target.code,
          takeLoginRedirect(),
          inApp,
        );
        if (dingTalk) {
          // Only here, inside DingTalk, does its JSAPI (and this module) load.
          const { requestDingTalkAuthCode } = await import('../lib/dingtalk-jsapi');
          const code = await requestDingTalkAuthCode(dingTalk).catch((error: unknown) => {
            throw new Error(t('sso.dingTalkFailed', { message: messageOf(error, '') }));
          });
          const ticket = await completeSignOn(
            { kind: target.kind, shortName: tenant.code, provider: target.code },
            { state, code },
          );
          await finishSignOn(ticket, navigate);
          return;
        }
        savePendingSignOn({ state, shortName: tenant.code, provider: target.code, kind: target.kind });
        window.location.assign(url);
      } catch (error) {
        setProblem(messageOf(error, t('sso.failed')));
      }
    })();
  }, [tenant, target, t, entry, navigate]);

  const passwordLogin = `/${tenant?.code ?? shortName}/login`;
  const isEnglish = i18n.language.startsWith('en');
  let body;
  if (problem) {
    body = (
      <Result
        status="warning"
        title={t('sso.failed')}
        subTitle={<span data-testid="sso-problem">{problem}</span>}
      />
    );
  } else if (tenantQuery.isError || (tenantQuery.isSuccess && !tenant)) {
    body = <Result status="warning" title={t('sso.unknownSchool')} />;
  } else if (!tenant || buttons.isPending) {
    body = <Spin />;
  } else if (choices.length === 0) {
    body = <Result status="info" title={t('sso.title')} subTitle={t('sso.noProvider')} />;
  } else if (!target) {
    body = (
      <>
        <h1>{t('sso.choose')}</h1>
        <div className={styles.choices}>
          {choices.map((b) => (
            <Button key={b.code} block onClick={() => setChosen(b.code)}>
              {(isEnglish && b.nameEn) || b.name}
            </Button>
          ))}
        </div>
      </>
    );
  } else {
    body = <Spin tip={t('sso.redirecting', { name: (isEnglish && target.nameEn) || target.name })}> </Spin>;
  }
  return (
    <main className={styles.page}>
      <Card className={styles.card}>
        {body}
        <p>
          <Link to={passwordLogin}>{t('sso.toPasswordLogin')}</Link>
        </p>
      </Card>
    </main>
  );
}

/**
 * `/authredirect` (spec S0.2.11): the provider's return. Sends the proof to the completion call of its
 * kind, exchanges the single-use login token for the session and opens the page the sign-on was for.
 * Where to go afterwards comes from the server's flow, never from this page's query (no open redirect).
 */
export function AuthRedirectPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [problem, setProblem] = useState<string | null>(null);
  const [shortName, setShortName] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const proof = proofOf(params);
    if (!proof) {
      setProblem(params.get('error_description') ?? params.get('error') ?? t('sso.noProof'));
      return;
    }
    const pending = takePendingSignOn(proof.state);
    if (pending) setShortName(pending.shortName);
    const target = completionOf(proof, pending, params);
    if (!target) {
      setProblem(t('sso.noProof'));
      return;
    }
    void (async () => {
      try {
        const ticket = await completeSignOn(target, proof);
        setShortName(ticket.shortName);
        await finishSignOn(ticket, navigate);
      } catch (error) {
        setProblem(messageOf(error, t('sso.failed')));
      }
    })();
  }, [params, navigate, t]);

  const school = shortName ?? readKnownTenant()?.code;
  return (
    <main className={styles.page}>
      <Card className={styles.card}>
        {problem ? (
          <Result
            status="warning"
            title={t('sso.failed')}
            subTitle={<span data-testid="sso-problem">{problem}</span>}
            extra={school ? <Link to={`/${school}/login`}>{t('sso.toPasswordLogin')}</Link> : undefined}
          />
        ) : (
          <Spin tip={t('sso.signingIn')}> </Spin>
        )}
      </Card>
    </main>
  );
}

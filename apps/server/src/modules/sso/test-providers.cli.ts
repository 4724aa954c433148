import { startCasServer, startDingTalk, startOidcProvider, startWeCom } from './test-providers';

/**
 * Starts a CAS server, an OpenID provider and DingTalk's and WeCom's endpoints on this machine for a
 * browser journey: the first argument is the app's return address (…/authredirect); prints one JSON line
 * with their addresses, then answers "sign in as" lines on standard input (`cas <user>`,
 * `oidc <sub> <preferred_username>`, `ding <unionId>`, `wecom <userid>`) until closed.
 */
const [redirectUri] = process.argv.slice(2);
if (!redirectUri) throw new Error('usage: test-providers.cli.ts <return address>');
const loginPage = new URL(redirectUri).origin;
const [cas, oidc, ding, wecom] = await Promise.all([
  startCasServer(),
  startOidcProvider({ redirectUris: [redirectUri], postLogoutRedirectUris: [`${loginPage}/demo/login`] }),
  startDingTalk(),
  startWeCom(),
]);
process.stdout.write(
  `${JSON.stringify({
    casUrl: cas.casUrl,
    issuer: oidc.issuer,
    clientId: oidc.clientId,
    clientSecret: oidc.clientSecret,
    ding: {
      url: ding.url,
      clientId: ding.clientId,
      clientSecret: ding.clientSecret,
      corpId: ding.corpId,
      jsapiUrl: ding.jsapiUrl,
    },
    wecom: { url: wecom.url, corpId: wecom.corpId, agentId: wecom.agentId, corpSecret: wecom.corpSecret },
  })}\n`,
);
process.stdin.setEncoding('utf8');
let buffered = '';
process.stdin.on('data', (chunk: string) => {
  buffered += chunk;
  let nl;
  while ((nl = buffered.indexOf('\n')) >= 0) {
    const [kind, who, claim] = buffered.slice(0, nl).trim().split(/\s+/);
    buffered = buffered.slice(nl + 1);
    if (kind === 'cas' && who) cas.signIn(who);
    if (kind === 'oidc' && who) oidc.signIn(who, claim ? { preferred_username: claim } : {});
    if (kind === 'ding' && who) ding.signIn({ unionId: who, nick: who });
    if (kind === 'wecom' && who) wecom.signIn(who);
    process.stdout.write(`ok ${kind}\n`);
  }
});
const stop = () =>
  void Promise.all([cas.close(), oidc.close(), ding.close(), wecom.close()]).then(() => process.exit(0));
process.stdin.on('end', stop);
process.on('SIGTERM', stop);

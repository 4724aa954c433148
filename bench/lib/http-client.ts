// The HTTP load generator, run as a child process of the bench (so its CPU is not spent on the server's
// event loop). It waits for `run` messages over IPC and answers each with a latency summary.
// Every request is signed afresh with a unique x-request-id: the server refuses replays.
import http from 'node:http';
import { HEADER, encryptPassword } from '@psy/contracts';
import { runClosedLoop, type LatencySummary } from './loop';
import { sha256Hex, signHeaders } from './sign';

export interface LoginItem {
  tenantId: number;
  username: string;
  /**
   * The password in clear: the client encrypts it for every request, as a browser does (the server
   * refuses a ciphertext it has seen before, docs/api.md "Password encryption").
   */
  password: string;
}

export interface TokenItem {
  tenantId: number;
  userId: number;
  token: string;
}

export type RunSpec =
  | { scenario: 'login'; items: LoginItem[]; publicKey: { keyId: string; spki: string } }
  | { scenario: 'user-info'; items: TokenItem[] };

export type ClientRequest = RunSpec & {
  type: 'run';
  id: number;
  host: string;
  port: number;
  concurrency: number;
  /** Open-loop total rate (requests/s); unset for a closed loop. */
  ratePerSec?: number;
  warmupMs: number;
  durationMs: number;
};

export interface ClientResult {
  type: 'result';
  id: number;
  summary: LatencySummary;
  /** CPU time of this client process during the measured window, microseconds. */
  cpuUs: number;
  rss: number;
}

interface Answer {
  status: number;
  body: string;
}

function send(
  agent: http.Agent,
  host: string,
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
) {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request({ agent, host, port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Any non-2xx status, non-JSON body or envelope code other than 0 is an error, with the body in the message. */
function expectOk(a: Answer): { code: number; data: Record<string, unknown> } {
  let parsed: { code?: unknown; data?: unknown } | null = null;
  try {
    parsed = JSON.parse(a.body) as { code?: unknown; data?: unknown };
  } catch {
    /* reported below */
  }
  if (a.status < 200 || a.status >= 300 || !parsed || parsed.code !== 0) {
    throw new Error(`HTTP ${a.status}: ${a.body.slice(0, 400)}`);
  }
  return parsed as { code: number; data: Record<string, unknown> };
}

const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!;

async function run(req: ClientRequest): Promise<ClientResult> {
  const agent = new http.Agent({
    keepAlive: true,
    maxSockets: req.concurrency,
    maxFreeSockets: req.concurrency,
  });
  const { host, port } = req;
  let op: () => Promise<void>;
  if (req.scenario === 'login') {
    const items = req.items;
    const path = '/auth/oauth/token?grant_type=password';
    op = async () => {
      const it = pick(items);
      const password = await encryptPassword(req.publicKey, it.password);
      const body = new URLSearchParams({ username: it.username, password }).toString();
      const headers = {
        'content-type': 'application/x-www-form-urlencoded',
        [HEADER.tenantId]: String(it.tenantId),
        ...signHeaders({ method: 'POST', pathWithQuery: path, body }),
      };
      const res = expectOk(await send(agent, host, port, 'POST', path, headers, body));
      if (typeof res.data.access_token !== 'string' || res.data.tenantId !== it.tenantId) {
        throw new Error(
          `login answered 200 without a token for tenant ${it.tenantId}: ${JSON.stringify(res).slice(0, 300)}`,
        );
      }
    };
  } else {
    const items = req.items.map((t) => ({ ...t, bearer: `Bearer ${t.token}`, key: sha256Hex(t.token) }));
    const path = '/admin/user/info';
    op = async () => {
      const it = pick(items);
      const headers = {
        [HEADER.authorization]: it.bearer,
        ...signHeaders({ method: 'GET', pathWithQuery: path, signingKey: it.key }),
      };
      const res = expectOk(await send(agent, host, port, 'GET', path, headers));
      const user = res.data.sysUser as { id?: unknown; tenantId?: unknown } | undefined;
      if (user?.id !== it.userId || user.tenantId !== it.tenantId) {
        throw new Error(
          `user info of the wrong user: wanted ${it.tenantId}/${it.userId}, got ${JSON.stringify(user).slice(0, 200)}`,
        );
      }
    };
  }
  let cpu0 = process.cpuUsage();
  let cpuUs = NaN;
  const onWindow = (edge: 'start' | 'end') => {
    if (edge === 'start') cpu0 = process.cpuUsage();
    else cpuUs = ((c) => c.user + c.system)(process.cpuUsage(cpu0));
  };
  const summary = await runClosedLoop({
    concurrency: req.concurrency,
    ratePerSec: req.ratePerSec,
    warmupMs: req.warmupMs,
    durationMs: req.durationMs,
    op,
    onWindow,
  });
  agent.destroy();
  return { type: 'result', id: req.id, summary, cpuUs, rss: process.memoryUsage().rss };
}

process.on('message', (msg: ClientRequest | { type: 'exit' }) => {
  if (msg.type === 'exit') {
    process.disconnect();
    return;
  }
  run(msg).then(
    (result) => process.send!(result),
    (err: unknown) =>
      process.send!({ type: 'failed', id: msg.id, error: err instanceof Error ? err.stack : String(err) }),
  );
});
process.send!({ type: 'ready' });

import { buildApp } from './app';
import { loadEnv } from './env';
import { seedDemo } from './seed/demo';
import { backfillSchools } from './seed/school';

/** Process entry: validate config, open the database, seed the demo if asked, listen, shut down cleanly. */
async function main() {
  const env = loadEnv();
  const { app, database } = await buildApp({ env });
  // Defaults that modules declared since a school was created (manifest `backfillSchool`).
  await backfillSchools(database);
  const demo = env.SEED_DEMO ? await seedDemo(database) : null;
  if (demo)
    app.log.info({ tenant: demo.tenantCode }, demo.created ? 'demo school created' : 'demo school present');
  await app.listen({ host: env.HOST, port: env.PORT });
  const port = (app.server.address() as { port: number } | null)?.port ?? env.PORT;
  if (env.DEV_SMS_OUTBOX) {
    app.log.warn('DEV_SMS_OUTBOX is on: SMS codes are readable at /biz/dev/sms/outbox from this machine');
  }
  if (demo) printDemo(demo, port, Boolean(env.WEB_DIST), env.DEV_SMS_OUTBOX);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining requests and jobs');
    const force = setTimeout(() => process.exit(1), env.SHUTDOWN_TIMEOUT_MS + 5000);
    force.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

function printDemo(
  summary: Awaited<ReturnType<typeof seedDemo>>,
  port: number,
  withWeb: boolean,
  smsOutbox: boolean,
) {
  const lines = [
    '',
    withWeb
      ? `  Counselling platform is running: http://localhost:${port}/demo/login`
      : `  Counselling platform API is running: http://localhost:${port} (no WEB_DIST: web app not served)`,
    `  School short name: ${summary.tenantCode}`,
    '  Demo logins (user name / password):',
    ...summary.logins.map((l) => `    ${l.username.padEnd(16)} ${l.password.padEnd(14)} ${l.role}`),
    '',
    ...(smsOutbox
      ? [
          '  Development SMS outbox is on (DEV_SMS_OUTBOX=true): SMS login codes are readable at',
          `    http://localhost:${port}/biz/dev/sms/outbox?phone=<phone>   (from this machine only)`,
          '',
        ]
      : []),
  ];
  process.stdout.write(lines.join('\n') + '\n');
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});

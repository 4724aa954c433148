import type { SystemScope } from '../db/database';
import { insertDevSms } from './sms.repository';

/** Sends a text message. The platform talks to SMS gateways only through this. */
export interface SmsSender {
  send(message: {
    tenantId: number;
    phone: string;
    text: string;
    /**
     * The sender's id of this message, the same on every retry: a gateway that deduplicates by it sends a
     * message retried after a crash (sent, but not yet recorded as sent) only once.
     */
    key?: string;
  }): Promise<void>;
}

/** Development adapter: records messages in dev_sms_outbox, where tests and the demo read codes. */
export function createDevSmsSender(scope: SystemScope, log: (msg: string) => void): SmsSender {
  return {
    async send(m) {
      await insertDevSms(scope, { tenantId: m.tenantId, phone: m.phone, text: m.text });
      log(`development SMS to ${m.phone}: ${m.text}`);
    },
  };
}

/**
 * Gateway adapter: POSTs `{ phone, text, tenantId, id }` as JSON with a bearer token to SMS_GATEWAY_URL
 * (the shape of a typical SMS relay), the message key also as `Idempotency-Key`; a non-2xx answer is an
 * error.
 */
export function createHttpSmsSender(url: string, token: string | undefined): SmsSender {
  return {
    async send(m) {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(m.key ? { 'idempotency-key': m.key } : {}),
        },
        body: JSON.stringify({ phone: m.phone, text: m.text, tenantId: m.tenantId, id: m.key }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
    },
  };
}

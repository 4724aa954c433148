import type { SsoProviderKind } from '@psy/contracts';
import { readStored, removeStored, writeStored } from '../../../shared/storage/storage';

/** The kinds each entry page serves (spec S0.2.4): generic, messaging app, chat app. */
export const ENTRY_KINDS: Record<'sso' | 'dingTalk' | 'weChat', readonly SsoProviderKind[]> = {
  sso: ['cas', 'oidc'],
  dingTalk: ['dingtalk'],
  weChat: ['wecom'],
};

export type EntryPage = keyof typeof ENTRY_KINDS;

/** The entry page of a provider kind: where the login page's button goes. */
export function entryPageOf(kind: SsoProviderKind): EntryPage {
  if (kind === 'dingtalk') return 'dingTalk';
  if (kind === 'wecom') return 'weChat';
  return 'sso';
}

/** What the entry page keeps for the return page: the state it started, the school and the provider. */
export interface PendingSignOn {
  state: string;
  shortName: string;
  provider: string;
  kind: SsoProviderKind;
}

const PENDING = 'sso-pending';

export function savePendingSignOn(pending: PendingSignOn): void {
  writeStored(PENDING, pending);
}

/** The pending sign-on of this state, taken once (a second return with it finds nothing). */
export function takePendingSignOn(state: string): PendingSignOn | null {
  const pending = readStored<PendingSignOn>(PENDING);
  removeStored(PENDING);
  return pending && pending.state === state ? pending : null;
}

/** The proof the provider sent back, by its parameter names (CAS `ticket`, DingTalk `authCode`, `code`). */
export interface ReturnedProof {
  state: string;
  ticket?: string;
  code?: string;
  iss?: string;
}

export function proofOf(params: URLSearchParams): ReturnedProof | null {
  const state = params.get('state');
  if (!state) return null;
  const ticket = params.get('ticket') ?? undefined;
  const code = params.get('authCode') ?? params.get('code') ?? undefined;
  if (!ticket && !code) return null;
  const iss = params.get('iss') ?? undefined;
  return { state, ticket, code, iss };
}

/**
 * Which completion call a return goes to. With the entry page's note, the provider's kind decides; without
 * it (another tab), a CAS ticket cannot be placed, and a code goes by the parameters each provider sends.
 */
export function completionOf(
  proof: ReturnedProof,
  pending: PendingSignOn | null,
  params: URLSearchParams,
): { kind: SsoProviderKind; shortName?: string; provider?: string } | null {
  if (pending) return { kind: pending.kind, shortName: pending.shortName, provider: pending.provider };
  if (proof.ticket) return null;
  if (params.has('authCode')) return { kind: 'dingtalk' };
  if (params.has('appid')) return { kind: 'wecom' };
  return { kind: 'oidc' };
}

/** The messaging apps whose own browser signs in without a page: DingTalk's and WeCom's. */
export type InAppBrowser = 'dingtalk' | 'wecom';

/**
 * Which app's browser a user agent is: WeCom's says `wxwork` (it also says `MicroMessenger`, as WeChat's
 * does, which is not WeCom), DingTalk's says `DingTalk`.
 */
export function inAppBrowserOf(userAgent: string): InAppBrowser | null {
  if (/\bwxwork\//i.test(userAgent)) return 'wecom';
  if (/\bDingTalk\b/i.test(userAgent)) return 'dingtalk';
  return null;
}

/** Whether an entry page runs inside the app it signs in with (`/dingTalk` in DingTalk, `/weChat` in WeCom). */
export function isInAppEntry(entry: EntryPage, userAgent: string): boolean {
  const app = inAppBrowserOf(userAgent);
  return (entry === 'dingTalk' && app === 'dingtalk') || (entry === 'weChat' && app === 'wecom');
}

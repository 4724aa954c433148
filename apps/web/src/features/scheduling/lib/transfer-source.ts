import { TRANSFER_SOURCE_LABELS, type TransferSource } from '@psy/contracts';

/** The name of a transfer source (S1.9.1) in the viewer's language; a code the catalogue lacks as itself. Pure. */
export const transferSourceText = (source: number, lang: string) =>
  TRANSFER_SOURCE_LABELS[source as TransferSource]?.[lang === 'en-US' ? 'en-US' : 'zh-CN'] ?? String(source);

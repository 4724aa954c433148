import { clientLogsEndpoint, type ClientLogEntry } from '@psy/contracts';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { removeClientLogs, toUploadBatches, toUploadEntry, type ClientLog } from '../model/log-store';

export type SendLogBatch = (batch: ClientLogEntry[]) => Promise<unknown>;

const sendBatch: SendLogBatch = (batch) => request(clientLogsEndpoint, { body: batch });

/**
 * Uploads the entries to the server (POST /admin/log/logs) in batches of at most 100; each batch the
 * server took is removed locally. A failed batch stops the upload (the request layer shows why) and
 * rejects, leaving it and later batches in the log. Answers how many were sent.
 */
export async function uploadClientLogs(
  logs: readonly ClientLog[],
  send: SendLogBatch = sendBatch,
): Promise<number> {
  let sent = 0;
  for (const batch of toUploadBatches(logs)) {
    await send(batch.map(toUploadEntry));
    removeClientLogs(batch.map((log) => log.id));
    sent += batch.length;
  }
  return sent;
}

export function useUploadClientLogs() {
  return useMutation({ mutationFn: (logs: readonly ClientLog[]) => uploadClientLogs(logs) });
}

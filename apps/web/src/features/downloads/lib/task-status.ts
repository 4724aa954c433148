import { TASK_STATUS } from '@psy/contracts';

/** A task status as a badge dot: the text keeps the normal colour (a coloured tag's text fails contrast). */
export const TASK_STATUS_BADGES: Record<number, 'default' | 'processing' | 'success' | 'error' | 'warning'> =
  {
    [TASK_STATUS.queued]: 'default',
    [TASK_STATUS.processing]: 'processing',
    [TASK_STATUS.done]: 'success',
    [TASK_STATUS.failed]: 'error',
    [TASK_STATUS.cancelled]: 'warning',
  };

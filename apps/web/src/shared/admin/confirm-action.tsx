import { App } from 'antd';
import type { Key, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../ui/feedback';
import { batchIssue } from './list-state';

export interface ConfirmOptions<R> {
  title: string;
  content?: ReactNode;
  /** A destructive action: the OK button is red. */
  isDanger?: boolean;
  okText?: string;
  /** The call; a failure leaves everything as it was (the request layer said why). */
  action: () => Promise<R>;
  /** Toast once it succeeded (from what the call answered: '3 users updated'). */
  successText?: string | ((result: R) => string);
  onDone?: (result: R) => void;
}

/** Asks to confirm, runs the action, says it is done: delete, withdraw, audit. */
export function useConfirmAction() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  return <R,>({ title, content, isDanger = false, okText, action, successText, onDone }: ConfirmOptions<R>) =>
    modal.confirm({
      title,
      content,
      okText: okText ?? t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: isDanger ? { danger: true } : undefined,
      onOk: async () => {
        let result: R;
        try {
          result = await action();
        } catch {
          return;
        }
        if (successText) {
          showToast('success', typeof successText === 'function' ? successText(result) : successText);
        }
        onDone?.(result);
      },
    });
}

export interface BatchOptions<R> extends Omit<ConfirmOptions<R>, 'action' | 'title'> {
  /** The confirmation for the ticked count. */
  title: (count: number) => string;
  /** Said when nothing is ticked; 'please tick the data to delete' unless the action is not a delete. */
  noneTickedText?: string;
  action: (keys: readonly Key[]) => Promise<R>;
}

/**
 * A batch action over the ticked rows (spec S0.5.17): with none ticked it says so and asks nothing;
 * else it confirms for their count and runs.
 */
export function useBatchAction(selected: readonly Key[]) {
  const { t } = useTranslation();
  const confirm = useConfirmAction();
  return <R,>({ title, noneTickedText, action, ...rest }: BatchOptions<R>) => {
    if (batchIssue(selected)) {
      showToast('warning', noneTickedText ?? t('adminKit.noneTicked'));
      return;
    }
    confirm({ ...rest, title: title(selected.length), action: () => action(selected) });
  };
}

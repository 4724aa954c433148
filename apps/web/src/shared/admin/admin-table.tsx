import { Alert, Button, Empty, Flex, Table, Typography, type TableProps } from 'antd';
import type { TableRef } from 'antd/es/table';
import type { ColumnType } from 'antd/es/table';
import { useRef, type Key, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectAllTitle } from '../ui/select-all-title';
import { useFocusableScroll } from '../ui/use-focusable-scroll';
import { ColumnSettingsButton } from './column-settings-button';
import { visibleColumns } from './column-settings';
import { rowsOf, type PageOf, type Paging } from './paging';
import { useColumnSettings } from './use-column-settings';
import styles from './admin.module.css';

/** A column of an administration list: keyed and titled with text (the column settings list it). */
export interface AdminColumn<T> extends Omit<ColumnType<T>, 'key' | 'title'> {
  key: string;
  title: string;
  /** Never hidden by the column settings (the row's name, its actions). */
  alwaysShown?: boolean;
}

/** What the table reads of the list's query (a TanStack Query result). */
export interface ListQueryResult<T> {
  data?: PageOf<T> | readonly T[] | undefined;
  isFetching: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/** The paging and ticked rows of the list (`useAdminList`). */
export interface TableListState {
  paging: Paging;
  selected: readonly Key[];
  changePage(current: number, size: number): void;
  select(keys: readonly Key[]): void;
}

export interface AdminTableProps<T> {
  columns: readonly AdminColumn<T>[];
  query: ListQueryResult<T>;
  rowKey: string | ((row: T) => Key);
  /** Paging and ticks; without it the list shows every row it got. */
  list?: TableListState;
  /** With `list`: rows can be ticked for a batch action ('delete needs a selection', S0.5.17). */
  selectable?: boolean;
  /**
   * The pager: a page-size changer, the total ('12 entries', 'about 520,000 entries' when the server
   * estimated it, or the page's own words for them), hidden with a single page.
   */
  pager?: {
    sizeChanger?: boolean;
    showTotal?: boolean | ((count: number, estimated: boolean) => string);
    hideOnSinglePage?: boolean;
  };
  /** Offers column settings kept under this id (per user, in local storage). */
  columnSettingsId?: string;
  /** Buttons and filters on the row above the table (the column settings go at its end). */
  toolbar?: ReactNode;
  /** Text of an empty list; 'no data' (spec S0.8.12, S1.8.1) unless the page says more. */
  emptyText?: string;
  loadFailedText?: string;
  size?: TableProps<T>['size'];
  scrollX?: number;
  rowClassName?: TableProps<T>['rowClassName'];
  onRow?: TableProps<T>['onRow'];
  testId?: string;
}

/**
 * The table of an administration list: the list query's rows with its loading state, a retry when the
 * call failed, 'no data' when empty, the pager on `current`/`size` answering `records`/`total`, ticks
 * for batch actions, and the user's column settings.
 */
export function AdminTable<T extends object>({
  columns,
  query,
  rowKey,
  list,
  selectable = false,
  pager = {},
  columnSettingsId,
  toolbar,
  emptyText,
  loadFailedText,
  size = 'middle',
  scrollX,
  rowClassName,
  onRow,
  testId,
}: AdminTableProps<T>) {
  const { t } = useTranslation();
  const tableRef = useRef<TableRef>(null);
  // A wide table scrolls sideways, also while it loads with no button inside: reachable by keyboard.
  useFocusableScroll(() => tableRef.current?.nativeElement);
  const settings = useColumnSettings(columnSettingsId ?? null, columns);
  const { rows, total, estimated } = rowsOf(query.data);
  const { showTotal } = pager;
  const shown = visibleColumns(columns, settings.hidden).map(
    ({ alwaysShown: _alwaysShown, ...column }) => column,
  );

  const top =
    toolbar || columnSettingsId ? (
      <Flex justify="space-between" align="center" gap={8} wrap className={styles.toolbar}>
        <Flex gap={8} wrap align="center">
          {toolbar}
        </Flex>
        {columnSettingsId && <ColumnSettingsButton settings={settings} />}
      </Flex>
    ) : null;

  if (query.isError) {
    return (
      <>
        {top}
        <Alert
          type="error"
          showIcon
          title={loadFailedText ?? t('adminKit.loadFailed')}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              {t('adminKit.retry')}
            </Button>
          }
        />
      </>
    );
  }

  return (
    <>
      {top}
      <Table<T>
        ref={tableRef}
        rowKey={rowKey}
        size={size}
        columns={shown}
        dataSource={rows as T[]}
        loading={query.isFetching}
        // antd's own empty state (its description has the theme's readable grey; a bare text in the
        // placeholder row would be drawn in the disabled grey, below the contrast rule).
        locale={{
          emptyText: (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText ?? t('adminKit.empty')} />
          ),
        }}
        scroll={scrollX ? { x: scrollX } : undefined}
        rowClassName={rowClassName}
        onRow={onRow}
        data-testid={testId}
        rowSelection={
          list && selectable
            ? {
                selectedRowKeys: [...list.selected],
                columnTitle: (checkbox) => <SelectAllTitle>{checkbox}</SelectAllTitle>,
                onChange: (keys) => list.select(keys),
                preserveSelectedRowKeys: true,
              }
            : undefined
        }
        pagination={
          list
            ? {
                current: list.paging.current,
                pageSize: list.paging.size,
                total,
                showSizeChanger: pager.sizeChanger ?? false,
                hideOnSinglePage: pager.hideOnSinglePage ?? false,
                showTotal:
                  typeof showTotal === 'function'
                    ? (count) => showTotal(count, estimated)
                    : showTotal
                      ? (count) => t(estimated ? 'adminKit.totalEstimated' : 'adminKit.total', { count })
                      : undefined,
                onChange: (current, pageSize) => list.changePage(current, pageSize),
              }
            : false
        }
      />
      {list && selectable && list.selected.length > 0 && (
        <Typography.Text type="secondary" className={styles.ticked}>
          {t('adminKit.ticked', { count: list.selected.length })}
        </Typography.Text>
      )}
    </>
  );
}

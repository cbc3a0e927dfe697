import { createColumnHelper, tableFeatures, useTable, type ColumnHelper, type RowData } from '@tanstack/react-table';
import type { ReactElement, ReactNode } from 'react';
import type { CursorList } from '../api/cursor-list';
import { cx } from '../lib/cx';
import { Button } from './button';
import { ErrorBanner } from './error-banner';
import styles from './data-table.module.css';

/** Per-column display hints, set as `meta` on a column definition. */
export interface DataColumnMeta {
  /** `right` for numbers and money, so digits line up. */
  readonly align?: 'left' | 'right';
  /** Keep the cell on one line (ids, times). */
  readonly nowrap?: boolean;
  /**
   * Take the width the other columns leave, and never more: the table fits its frame and this
   * column's content truncates (ellipsis, with a title) instead of pushing the last columns out.
   */
  readonly fill?: boolean;
}

/** The table features every console table uses: plain rows, server-side pagination. */
export const dataTableFeatures = tableFeatures({ columnMeta: {} as DataColumnMeta });

/** Features of console tables, for typing column definitions. */
export type DataTableFeatures = typeof dataTableFeatures;

/** Column definitions of a console table, as `dataColumns<Row>().columns([...])` returns them. */
export type DataColumns<Row extends RowData> = ReturnType<ColumnHelper<DataTableFeatures, Row>['columns']>;

/** A column helper for rows of one shape: `const col = dataColumns<Token>()`. */
export function dataColumns<Row extends RowData>(): ColumnHelper<DataTableFeatures, Row> {
  return createColumnHelper<DataTableFeatures, Row>();
}

/** Props of {@link DataTable}. */
export interface DataTableProps<Row extends RowData> {
  /** What the table lists, for screen readers ("Access tokens"). */
  readonly label: string;
  /** Built with `dataColumns<Row>().columns([...])`. */
  readonly columns: DataColumns<Row>;
  /** A list from `useCursorList` (pages of the API, "Load more" while `next_cursor` is set). */
  readonly list: CursorList<Row>;
  /** The row's stable id (the object's `id`). */
  readonly rowId: (row: Row) => string;
  /** Shown instead of the table when the list is empty. */
  readonly empty: ReactNode;
  /**
   * On a phone, show each row as a card (its cells one under another, each after its column's
   * name) instead of a table that scrolls sideways: for lists whose rows hold controls (a
   * role select) that must not start cut off.
   */
  readonly stackOnPhone?: boolean;
}

/**
 * A list from the API as a table (TanStack Table), with loading rows, the error in words, an
 * empty state, and cursor pagination: "Load more" fetches the page after `next_cursor`.
 */
export function DataTable<Row extends RowData>({ label, columns, list, rowId, empty, stackOnPhone = false }: DataTableProps<Row>): ReactElement {
  const table = useTable({ features: dataTableFeatures, columns, data: list.rows, getRowId: (row) => rowId(row) });
  if (list.error && list.rows.length === 0) return <ErrorBanner error={list.error} />;
  if (!list.isPending && list.rows.length === 0) return <>{empty}</>;
  const cellClass = (meta: DataColumnMeta | undefined) => cx(meta?.align === 'right' && styles.right, meta?.nowrap && styles.nowrap, meta?.fill && styles.fill);
  return (
    <div className={styles.wrap}>
      {/* Focusable: on a narrow screen the frame scrolls sideways, and keyboards must reach that too. */}
      <div className={styles.frame} tabIndex={0}>
        <table className={cx(styles.table, stackOnPhone && styles.stacked)} aria-label={label} aria-busy={list.isPending || undefined}>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th key={header.id} scope="col" className={cellClass(header.column.columnDef.meta)}>
                    {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {list.isPending
              ? [0, 1, 2].map((i) => (
                  <tr key={i} className={styles.skeleton} aria-hidden="true">
                    {columns.map((_, c) => <td key={c} />)}
                  </tr>
                ))
              : table.getRowModel().rows.map((row) => (
                  <tr key={row.id}>
                    {row.getAllCells().map((cell) => (
                      <td key={cell.id} className={cellClass(cell.column.columnDef.meta)} data-label={stackOnPhone ? columnName(cell.column.columnDef.header) : undefined}>
                        {stackOnPhone ? (
                          <div className={styles.value}>
                            <table.FlexRender cell={cell} />
                          </div>
                        ) : (
                          <table.FlexRender cell={cell} />
                        )}
                      </td>
                    ))}
                  </tr>
                ))}
          </tbody>
        </table>
      </div>
      {list.error && <ErrorBanner error={list.error} title="Could not load more." />}
      {list.hasMore && (
        <div className={styles.footer}>
          <Button onClick={list.loadMore} loading={list.isLoadingMore}>Load more</Button>
        </div>
      )}
    </div>
  );
}

/** A column's name for a stacked cell's label: its header when that is text (an actions column has none). */
function columnName(header: unknown): string | undefined {
  return typeof header === 'string' ? header : undefined;
}

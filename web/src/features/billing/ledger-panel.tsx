import { useQuery } from '@tanstack/react-query';
import { Download, ScrollText } from 'lucide-react';
import { useMemo, type ReactElement } from 'react';
import { useCursorList } from '../../api/cursor-list';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { DataTable, dataColumns, type DataColumns } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { ErrorBanner } from '../../components/error-banner';
import { Money } from '../../components/money';
import { DateOverTime } from '../../components/time';
import { formatCount } from '../../lib/count';
import { cx } from '../../lib/cx';
import { useOrgProjects } from '../shell/current-scope';
import styles from './billing.module.css';
import textStyles from '../../styles/text.module.css';
import { monthLabel } from './month';
import { MonthPicker, useBillingMonth } from './month-picker';
import { ledgerSummaryList, ledgerTotalsQuery, transactionsCsvUrl, type LedgerRow } from './queries';

const KIND: Readonly<Record<string, string>> = { credit: 'Top-up / credit', grant: 'Grant', refund: 'Refund', adjustment: 'Adjustment', usage: 'Usage', expiry: 'Expiry' };
const TOTAL_ORDER = ['credit', 'grant', 'refund', 'adjustment', 'usage', 'expiry'] as const;

/** The month's totals per kind and their net, exactly as the API adds them. */
function TotalsCard({ orgId, month }: { readonly orgId: string; readonly month: string }): ReactElement {
  const totals = useQuery(ledgerTotalsQuery(orgId, month));
  return (
    <Card title={`Totals for ${monthLabel(month)}`}>
      <ErrorBanner error={totals.error} />
      {totals.data && (
        <div className={styles.tableFrame} tabIndex={0}>
          <table className={styles.table} aria-label="Ledger totals">
            <thead><tr><th scope="col">Kind</th><th scope="col" className={styles.num}>Amount</th></tr></thead>
            <tbody>
              {TOTAL_ORDER.map((kind) => (
                <tr key={kind}><td>{KIND[kind]}</td><td className={styles.num}><Money usd={totals.data[kind]} /></td></tr>
              ))}
            </tbody>
            <tfoot><tr><td>Net change</td><td className={styles.num}><Money usd={totals.data.net} /></td></tr></tfoot>
          </table>
        </div>
      )}
    </Card>
  );
}

/**
 * What an entry is about: a usage row's model (it names the row: a long one wraps, never cut) with
 * its project under it; another entry's note with its reference under it (ellipsis, whole on hover).
 */
function LedgerDetail({ row, projectName }: { readonly row: LedgerRow; readonly projectName: (id: string) => string }): ReactElement {
  return (
    <div className={styles.ledgerDetail}>
      {row.model !== null ? <div className={styles.breakAnywhere}>{row.model}</div> : <div>{row.note ?? '—'}</div>}
      {row.model !== null && row.note !== null && <div>{row.note}</div>}
      {row.project_id !== null && <div className={cx(textStyles.muted, styles.truncate)} title={projectName(row.project_id)}>Project {projectName(row.project_id)}</div>}
      {row.reference !== null && (
        <div className={cx(textStyles.muted, styles.truncate)} title={row.reference}>
          Reference <span className={styles.code}>{row.reference}</span>
        </div>
      )}
    </div>
  );
}

/** The ledger of a month: totals, every entry (usage merged per hour, project and model) and both CSVs. */
export function LedgerPanel({ orgId, month: wanted }: { readonly orgId: string; readonly month: string | undefined }): ReactElement {
  const month = useBillingMonth(wanted);
  const projects = useOrgProjects(orgId);
  const list = useCursorList(ledgerSummaryList(orgId, month));
  const columns = useMemo((): DataColumns<LedgerRow> => {
    const col = dataColumns<LedgerRow>();
    const projectName = (id: string) => projects.find((p) => p.id === id)?.name ?? id;
    // Related fields share a cell (a muted second line) so that the table fits a laptop's width:
    // a usage row's requests under its kind and its project under its model; another entry's
    // reference under its note. The detail column takes the width left.
    return col.columns([
      col.accessor('time', { header: 'Time', meta: { nowrap: true }, cell: (info) => <DateOverTime iso={info.getValue()} /> }),
      col.accessor('kind', {
        header: 'Kind',
        cell: (info) => (
          <div>
            {KIND[info.getValue()] ?? info.getValue()}
            {info.row.original.requests !== null && <div className={cx(textStyles.muted, styles.nowrap)}>{formatCount(info.row.original.requests)} {info.row.original.requests === 1 ? 'request' : 'requests'}</div>}
          </div>
        ),
      }),
      col.display({ id: 'detail', header: 'Model / note', meta: { fill: true }, cell: (info) => <LedgerDetail row={info.row.original} projectName={projectName} /> }),
      col.accessor('amount_usd', { header: 'Amount', meta: { align: 'right', nowrap: true }, cell: (info) => <Money usd={info.getValue()} /> }),
    ]);
  }, [projects]);
  return (
    <div className={styles.stack}>
      <div className={styles.toolbar}>
        <MonthPicker month={month} />
        <div className={styles.actions}>
          <Button asChild><a href={transactionsCsvUrl(orgId, month, 'summary')} download><Download size={16} aria-hidden />Summary CSV</a></Button>
          <Button asChild><a href={transactionsCsvUrl(orgId, month, 'detail')} download><Download size={16} aria-hidden />Detail CSV</a></Button>
        </div>
      </div>
      <TotalsCard orgId={orgId} month={month} />
      <p className={textStyles.muted}>Newest first. Usage is merged per hour, project and model; usage not yet settled is not in the ledger yet. The detail CSV lists every entry, each request on its own line; both add up to the net change.</p>
      <DataTable
        label="Ledger"
        columns={columns}
        list={list}
        rowId={(row) => [row.time, row.kind, row.amount_usd, row.reference, row.project_id, row.model, row.note].join('|')}
        stackOnPhone
        empty={<EmptyState icon={<ScrollText size={28} />} title="Nothing in the ledger this month">Top-ups, grants and settled usage appear here.</EmptyState>}
      />
    </div>
  );
}

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
import { Time } from '../../components/time';
import { useOrgProjects } from '../shell/current-scope';
import styles from './billing.module.css';
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

/** The ledger of a month: totals, every entry (usage merged per hour, project and model) and both CSVs. */
export function LedgerPanel({ orgId, month: wanted }: { readonly orgId: string; readonly month: string | undefined }): ReactElement {
  const month = useBillingMonth(wanted);
  const projects = useOrgProjects(orgId);
  const list = useCursorList(ledgerSummaryList(orgId, month));
  const columns = useMemo((): DataColumns<LedgerRow> => {
    const col = dataColumns<LedgerRow>();
    const projectName = (id: string | null) => (id === null ? '—' : (projects.find((p) => p.id === id)?.name ?? id));
    return col.columns([
      col.accessor('time', { header: 'Time', meta: { nowrap: true }, cell: (info) => <Time iso={info.getValue()} /> }),
      col.accessor('kind', { header: 'Kind', cell: (info) => KIND[info.getValue()] ?? info.getValue() }),
      col.accessor('amount_usd', { header: 'Amount', meta: { align: 'right', nowrap: true }, cell: (info) => <Money usd={info.getValue()} /> }),
      col.accessor('project_id', { header: 'Project', cell: (info) => projectName(info.getValue()) }),
      col.accessor('model', { header: 'Model', cell: (info) => info.getValue() ?? '—' }),
      col.accessor('requests', { header: 'Requests', meta: { align: 'right' }, cell: (info) => info.getValue() ?? '—' }),
      col.accessor('reference', { header: 'Reference', cell: (info) => (info.getValue() ? <span className={styles.code}>{info.getValue()}</span> : '—') }),
      col.accessor('note', { header: 'Note', cell: (info) => info.getValue() ?? '' }),
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
      <p className={styles.muted}>Newest first. Usage is merged per hour, project and model; usage not yet settled is not in the ledger yet. The detail CSV lists every entry, each request on its own line; both add up to the net change.</p>
      <DataTable
        label="Ledger"
        columns={columns}
        list={list}
        rowId={(row) => [row.time, row.kind, row.amount_usd, row.reference, row.project_id, row.model, row.note].join('|')}
        empty={<EmptyState icon={<ScrollText size={28} />} title="Nothing in the ledger this month">Top-ups, grants and settled usage appear here.</EmptyState>}
      />
    </div>
  );
}

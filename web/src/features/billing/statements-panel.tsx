import { useQuery } from '@tanstack/react-query';
import { FileDown } from 'lucide-react';
import type { ReactElement, ReactNode } from 'react';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { ErrorBanner } from '../../components/error-banner';
import { Money } from '../../components/money';
import { Time } from '../../components/time';
import styles from './billing.module.css';
import textStyles from '../../styles/text.module.css';
import { monthLabel } from './month';
import { MonthPicker, useBillingMonth } from './month-picker';
import { statementPdfUrl, statementQuery, type Statement } from './queries';

function Lines({ label, head, rows, total }: { readonly label: string; readonly head: readonly string[]; readonly rows: readonly (readonly ReactNode[])[]; readonly total: string }): ReactElement {
  return (
    <div className={styles.tableFrame} tabIndex={0}>
      <table className={styles.table} aria-label={label}>
        <thead><tr>{head.map((h, i) => <th key={h} scope="col" className={i === head.length - 1 ? styles.num : undefined}>{h}</th>)}</tr></thead>
        <tbody>
          {rows.length === 0 ? (
            <tr><td colSpan={head.length} className={textStyles.muted}>None</td></tr>
          ) : (
            rows.map((cells, r) => <tr key={r}>{cells.map((c, i) => <td key={i} className={i === cells.length - 1 ? styles.num : undefined}>{c}</td>)}</tr>)
          )}
        </tbody>
        <tfoot><tr><td colSpan={head.length - 1}>Total</td><td className={styles.num}><Money usd={total} /></td></tr></tfoot>
      </table>
    </div>
  );
}

const KIND: Readonly<Record<string, string>> = { credit: 'Top-up / credit', grant: 'Grant', refund: 'Refund', adjustment: 'Adjustment', expiry: 'Expiry' };

function StatementView({ statement }: { readonly statement: Statement }): ReactElement {
  return (
    <div className={styles.stack}>
      <Card title={`Statement for ${monthLabel(statement.month)}`}>
        <dl className={styles.figures}>
          <div className={styles.figure}><dt>Opening balance</dt><dd><Money usd={statement.opening_balance_usd} /></dd></div>
          <div className={styles.figure}><dt>Credits</dt><dd><Money usd={statement.credits_total_usd} /></dd></div>
          <div className={styles.figure}><dt>Usage</dt><dd><Money usd={statement.usage_total_usd} /></dd></div>
          <div className={styles.figure}><dt>Other debits</dt><dd><Money usd={statement.other_debits_total_usd} /></dd></div>
          <div className={styles.figure}><dt>Closing balance</dt><dd><Money usd={statement.closing_balance_usd} /></dd></div>
        </dl>
        <p className={textStyles.muted}>
          {statement.final ? <Badge tone="success">Final</Badge> : <Badge tone="warning">Not final</Badge>}{' '}
          {statement.final ? 'The month has ended and every request in it is settled.' : 'The month is still open or has requests awaiting settlement: figures may still move.'}
        </p>
      </Card>
      <Card title="Credits">
        <Lines label="Credits" head={['Date', 'Kind', 'Reference', 'Amount']} total={statement.credits_total_usd}
          rows={statement.credits.map((c) => [<Time key="t" iso={c.date} format="date" />, KIND[c.kind] ?? c.kind, c.reference ?? c.note ?? '—', <Money key="m" usd={c.amount_usd} />])} />
      </Card>
      <Card title="Usage by project">
        <Lines label="Usage by project" head={['Project', 'Requests', 'Cost']} total={statement.usage_total_usd}
          rows={statement.usage_by_project.map((u) => [u.project_name ?? u.project_id, u.requests, <Money key="m" usd={u.cost_usd} />])} />
      </Card>
      <Card title="Usage by model">
        <Lines label="Usage by model" head={['Model', 'Requests', 'Cost']} total={statement.usage_total_usd}
          rows={statement.usage_by_model.map((u) => [u.model, u.requests, <Money key="m" usd={u.cost_usd} />])} />
      </Card>
      <Card title="Other debits">
        <Lines label="Other debits" head={['Date', 'Kind', 'Reference', 'Amount']} total={statement.other_debits_total_usd}
          rows={statement.other_debits.map((d) => [<Time key="t" iso={d.date} format="date" />, KIND[d.kind] ?? d.kind, d.reference ?? d.note ?? '—', <Money key="m" usd={d.amount_usd} />])} />
      </Card>
    </div>
  );
}

/** Monthly statements (UTC months): the figures on screen and the PDF. */
export function StatementsPanel({ orgId, month: wanted }: { readonly orgId: string; readonly month: string | undefined }): ReactElement {
  const month = useBillingMonth(wanted);
  const statement = useQuery(statementQuery(orgId, month));
  return (
    <div className={styles.stack}>
      <div className={styles.toolbar}>
        <MonthPicker month={month} />
        <Button asChild variant="primary"><a href={statementPdfUrl(orgId, month)} download><FileDown size={16} aria-hidden />Download PDF</a></Button>
      </div>
      <ErrorBanner error={statement.error} title="Could not load the statement." />
      {statement.data ? <StatementView statement={statement.data} /> : !statement.error && <p className={textStyles.muted} aria-busy="true">Loading the statement…</p>}
    </div>
  );
}

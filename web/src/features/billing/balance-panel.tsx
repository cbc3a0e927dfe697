import { useQuery } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { Badge } from '../../components/badge';
import { Card } from '../../components/card';
import { ErrorBanner } from '../../components/error-banner';
import { Money } from '../../components/money';
import { Time } from '../../components/time';
import { AlertsCard } from './alerts-card';
import styles from './billing.module.css';
import textStyles from '../../styles/text.module.css';
import { balanceQuery, type Balance, type CreditBucket } from './queries';

function Figure({ label, usd, hint, className }: { readonly label: string; readonly usd: string; readonly hint: string; readonly className?: string }): ReactElement {
  return (
    <div className={`${styles.figure} ${className ?? ''}`}>
      <dt>{label}</dt>
      <dd>
        <Money usd={usd} />
        <span className={styles.hint}>{hint}</span>
      </dd>
    </div>
  );
}

/** Ledger balance, holds, unsettled usage and what is left to spend, each exact to the nano-USD. */
function BalanceCard({ balance }: { readonly balance: Balance }): ReactElement {
  return (
    <Card title="Balance">
      <dl className={styles.figures}>
        <Figure label="Available" usd={balance.available_usd} hint="What new requests can spend" className={styles.available} />
        <Figure label="Ledger balance" usd={balance.balance_usd} hint="Sum of every ledger entry" />
        <Figure label="Pending holds" usd={balance.held_usd} hint="Held for requests in flight" />
        <Figure label="Unsettled usage" usd={balance.unsettled_usd} hint="Used, not yet in the ledger" />
      </dl>
    </Card>
  );
}

const SOURCE: Readonly<Record<CreditBucket['source'], string>> = { paid: 'Paid', grant: 'Grant', refund: 'Refund', adjustment: 'Adjustment' };

/** The buckets usage draws from, in the order it draws (soonest expiry first). */
function BucketsCard({ buckets }: { readonly buckets: readonly CreditBucket[] }): ReactElement {
  return (
    <Card title="Credit buckets">
      {buckets.length === 0 ? (
        <p className={textStyles.muted}>No credit left. A top-up or a grant from the operator opens a bucket.</p>
      ) : (
        <div className={styles.tableFrame} tabIndex={0}>
          <table className={styles.table} aria-label="Credit buckets">
            <thead>
              <tr><th scope="col">Source</th><th scope="col" className={styles.num}>Remaining</th><th scope="col" className={styles.num}>Put in</th><th scope="col">Expires</th><th scope="col">Added</th></tr>
            </thead>
            <tbody>
              {buckets.map((b) => (
                <tr key={b.id}>
                  <td><Badge tone={b.source === 'paid' ? 'accent' : 'neutral'}>{SOURCE[b.source]}</Badge></td>
                  <td className={styles.num}><Money usd={b.remaining_usd} /></td>
                  <td className={styles.num}><Money usd={b.amount_usd} /></td>
                  <td><Time iso={b.expires_at} format="date" empty="Never" /></td>
                  <td><Time iso={b.created_at} format="date" /></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className={textStyles.muted}>Usage draws from the bucket that expires soonest; money left in a bucket when it expires leaves the balance.</p>
    </Card>
  );
}

/** The balance tab: figures, credit buckets, alert thresholds. */
export function BalancePanel({ orgId, canManage }: { readonly orgId: string; readonly canManage: boolean }): ReactElement {
  const balance = useQuery(balanceQuery(orgId));
  if (balance.error) return <ErrorBanner error={balance.error} title="Could not load the balance." />;
  if (!balance.data) return <p className={textStyles.muted} aria-busy="true">Loading the balance…</p>;
  return (
    <div className={styles.stack}>
      <BalanceCard balance={balance.data} />
      <BucketsCard buckets={balance.data.credit_buckets} />
      <AlertsCard orgId={orgId} alerts={balance.data.alerts} canManage={canManage} />
    </div>
  );
}

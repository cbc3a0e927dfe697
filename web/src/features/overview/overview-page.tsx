import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { TriangleAlert } from 'lucide-react';
import { useMemo, type ReactElement } from 'react';
import { Badge } from '../../components/badge';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { ErrorBanner } from '../../components/error-banner';
import { Money } from '../../components/money';
import { PageHeader } from '../../components/page-header';
import { Select } from '../../components/select';
import { Time } from '../../components/time';
import { compareUsd, sumUsd } from '../../lib/money';
import { useCurrentOrg, useOrgProjects } from '../shell/current-scope';
import type { MeOrganization } from '../shell/queries';
import styles from './overview.module.css';
import textStyles from '../../styles/text.module.css';
import { balanceQuery, monthUsageQuery, overviewQuery, type Balance } from './queries';
import { SpendChart } from './spend-chart';
import { stackDays } from './stack-days';
import { formatCount } from '../../lib/count';

/** "1 request", "1,234 requests". */
function requestsText(n: number): string {
  return `${formatCount(n)} request${n === 1 ? '' : 's'}`;
}

/** Failed requests as a percentage with one decimal, from integer counts. */
function errorRate(failed: number, total: number): string {
  if (total === 0) return '—';
  return `${((failed * 100) / total).toFixed(1)} %`;
}

function BalanceBanner({ balance, orgId }: { readonly balance: Balance; readonly orgId: string }): ReactElement | null {
  const { alerts } = balance;
  const critical = alerts.critical_triggered && alerts.critical_threshold_usd !== null;
  if (!critical && !(alerts.low_triggered && alerts.low_threshold_usd !== null)) return null;
  const threshold = critical ? alerts.critical_threshold_usd : alerts.low_threshold_usd;
  return (
    <div className={critical ? styles.bannerCritical : styles.bannerLow} role="status" data-testid="balance-alert">
      <TriangleAlert size={18} aria-hidden />
      <p>
        The balance is below the {critical ? 'critical' : 'low'} threshold of <Money usd={threshold} precision="cents" />: <Money usd={balance.available_usd} /> is available.
        When it reaches zero, requests are refused. <Link to="/orgs/$orgId/billing" params={{ orgId }}>Top up on the Billing page</Link>.
      </p>
    </div>
  );
}

function Stat({ label, children, hint }: { readonly label: string; readonly children: ReactElement | string; readonly hint?: ReactElement | string }): ReactElement {
  return (
    <div className={styles.stat}>
      <span className={styles.statLabel}>{label}</span>
      <span className={styles.statValue}>{children}</span>
      {hint && <span className={textStyles.muted}>{hint}</span>}
    </div>
  );
}

/** The organization's landing page: money, traffic, spend by day, top models and what needs attention. */
export function OverviewPage(): ReactElement {
  const org = useCurrentOrg();
  if (!org) return <PageHeader title="Overview" />;
  return <Overview org={org} />;
}

function Overview({ org }: { readonly org: MeOrganization }): ReactElement {
  const { by } = useSearch({ from: '/app/orgs/$orgId/' });
  const navigate = useNavigate({ from: '/orgs/$orgId/' });
  const projects = useOrgProjects(org.id);
  const canBilling = org.abilities.read_billing;
  const canUsage = org.abilities.read_usage;
  const groupBy = by === 'model' ? 'model' : 'project';
  const balance = useQuery({ ...balanceQuery(org.id), enabled: canBilling });
  const usage = useQuery({ ...monthUsageQuery(org.id, groupBy), enabled: canUsage });
  const models = useQuery({ ...monthUsageQuery(org.id, 'model'), enabled: canUsage });
  const overview = useQuery({ ...overviewQuery(org.id), enabled: canUsage });
  const stacked = useMemo(() => (usage.data ? stackDays(usage.data.data, usage.data.from, usage.data.to) : null), [usage.data]);
  const topModels = useMemo(() => {
    if (!models.data) return [];
    const totals = new Map<string, string[]>();
    for (const row of models.data.data) totals.set(row.group ?? 'unknown', [...(totals.get(row.group ?? 'unknown') ?? []), row.cost_usd]);
    return [...totals].map(([model, costs]) => ({ model, cost: sumUsd(costs), requests: models.data.data.filter((r) => (r.group ?? 'unknown') === model).reduce((n, r) => n + r.requests, 0) })).sort((a, b) => compareUsd(b.cost, a.cost)).slice(0, 5);
  }, [models.data]);
  const projectName = (id: string) => projects.find((p) => p.id === id)?.name ?? id;
  if (!canBilling && !canUsage) {
    return (
      <>
        <PageHeader title="Overview" description={org.name} />
        <EmptyState title="Your role does not include the organization’s balance or usage">
          Open one of your projects to see its keys, request log and usage:{' '}
          {projects.map((p, i) => (
            <span key={p.id}>{i > 0 && ', '}<Link to="/orgs/$orgId/projects/$projectId" params={{ orgId: org.id, projectId: p.id }}>{p.name}</Link></span>
          ))}
        </EmptyState>
      </>
    );
  }
  return (
    <>
      <PageHeader title="Overview" description={`${org.name} this month (UTC), in exact USD.`} />
      <div className={styles.stack}>
        {balance.data && <BalanceBanner balance={balance.data} orgId={org.id} />}
        <ErrorBanner error={balance.error ?? usage.error ?? overview.error ?? models.error} />
        <div className={styles.stats}>
          {canBilling && (
            <Stat label="Available balance" hint={balance.data ? <>Ledger <Money usd={balance.data.balance_usd} />, pending <Money usd={balance.data.pending_usd} /></> : undefined}>
              {balance.data ? <Money usd={balance.data.available_usd} /> : '…'}
            </Stat>
          )}
          {canUsage && (
            <Stat label="Spend this month" hint="Settled usage">
              {usage.data ? <Money usd={usage.data.totals.cost_usd} /> : '…'}
            </Stat>
          )}
          {canUsage && <Stat label="Requests this month" hint="Failed ones included">{overview.data ? formatCount(overview.data.requests) : '…'}</Stat>}
          {canUsage && (
            <Stat label="Error rate" hint={overview.data ? `${formatCount(overview.data.failed_requests)} answered 400 or more` : undefined}>
              {overview.data ? errorRate(overview.data.failed_requests, overview.data.requests) : '…'}
            </Stat>
          )}
        </div>
        {canUsage && (
          <Card title="Spend per day">
            <div className={styles.chartHead}>
              <label className={styles.inline}>
                Stack by
                <Select value={groupBy} onChange={(e) => void navigate({ search: e.target.value === 'model' ? { by: 'model' } : {} })} options={[{ value: 'project', label: 'Project' }, { value: 'model', label: 'Model' }]} />
              </label>
            </div>
            {stacked && (stacked.series.length === 0 ? <p className={textStyles.muted}>No settled usage this month yet.</p> : <SpendChart stacked={stacked} label={groupBy === 'project' ? projectName : (id) => id} />)}
          </Card>
        )}
        {canUsage && (
          <div className={styles.columns}>
            <Card title="Top models">
              {topModels.length === 0 ? (
                <p className={textStyles.muted}>No model has served settled usage this month.</p>
              ) : (
                <ol className={styles.list}>
                  {topModels.map((m) => (
                    <li key={m.model}>
                      <code className={styles.code}>{m.model}</code>
                      <span className={textStyles.muted}>{requestsText(m.requests)}</span>
                      <Money usd={m.cost} />
                    </li>
                  ))}
                </ol>
              )}
            </Card>
            <Card title="Deprecated models in use">
              {overview.data && overview.data.deprecated_models.length === 0 && <p className={textStyles.muted}>No deprecated model served a request this month.</p>}
              {overview.data && overview.data.deprecated_models.length > 0 && (
                <ul className={styles.list} data-testid="deprecated-models">
                  {overview.data.deprecated_models.map((m) => (
                    <li key={m.model}>
                      <span>
                        <code className={styles.code}>{m.model}</code> <Badge tone="warning">Deprecated</Badge>
                        <span className={textStyles.muted}>
                          {' '}sunset <Time iso={m.sunset_at} format="date" />
                          {m.replacement ? <>; move to <code className={styles.code}>{m.replacement}</code></> : '; no replacement named'}
                        </span>
                      </span>
                      <span className={textStyles.muted}>{requestsText(m.requests)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </Card>
          </div>
        )}
      </div>
    </>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useMemo, useState, type ReactElement } from 'react';
import { Button } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { ErrorBanner } from '../../components/error-banner';
import { Field } from '../../components/field';
import { Input } from '../../components/input';
import { Money } from '../../components/money';
import { Select } from '../../components/select';
import { keyNamesQuery, memberNamesQuery, usageCsvUrl, usageParamsOf, usageQuery, type UsageScope } from './queries';
import { GRANULARITIES, METRICS, RANGES, type Granularity, type Metric, type UsageRange, type UsageSearch } from './search';
import { toChartData } from './series';
import { UsageChart } from './usage-chart';
import { UsageTable } from './usage-table';
import styles from './usage.module.css';
import textStyles from '../../styles/text.module.css';
import { formatCount } from '../../lib/count';

/** How the usage API names a playground request's key group: `playground:<user id>`. */
const PLAYGROUND_KEY = 'playground:';

const GROUP_TITLES: Record<string, string> = { model: 'Model', key: 'Key', member: 'Member', user: 'End user', project: 'Project' };

/** Props of {@link UsageView}. */
export interface UsageViewProps {
  readonly scope: UsageScope;
  /** The URL state and how to change it (the project and organization routes differ only there). */
  readonly search: UsageSearch;
  readonly setSearch: (patch: Partial<UsageSearch>) => void;
  /** Names of the projects the person reaches (organization scope groups by project). */
  readonly projectNames: ReadonlyMap<string, string>;
  /** When the page opened (its route loader already asked for the report of this moment). */
  readonly openedAt: number;
}

/**
 * Usage over time for a project or an organization (one component, both pages): range, bucket,
 * grouping and figure in the URL; a chart and a table of the same figures; the API's CSV.
 */
export function UsageView({ scope, search, setSearch, projectNames, openedAt }: UsageViewProps): ReactElement {
  // Relative ranges are fixed when the page opens, so the chart and the CSV cover the same hours.
  const range: UsageRange = search.range ?? 'month';
  const granularity: Granularity = search.granularity ?? 'day';
  const metric: Metric = search.metric ?? 'cost';
  const group = search.group;
  const params = useMemo(() => usageParamsOf({ range, granularity, ...(group ? { group } : {}) }, openedAt), [range, openedAt, granularity, group]);
  const report = useQuery(usageQuery(scope, params));
  const keys = useQuery({ ...keyNamesQuery(scope), enabled: group === 'key' });
  // Playground usage has no key: its `key` group is `playground:<person>`, named after the member.
  const members = useQuery({ ...memberNamesQuery(scope.orgId), enabled: group === 'member' || group === 'key' });
  const [tagKey, setTagKey] = useState(group?.startsWith('tag:') ? group.slice(4) : '');
  const label = (value: string | null): string => {
    if (value === null) {
      if (!group) return 'All';
      if (group.startsWith('tag:')) return `No ${group.slice(4)} tag`;
      return group === 'user' ? 'No end user' : group === 'member' ? 'Operator-made keys' : 'None';
    }
    if (group === 'key' && value.startsWith(PLAYGROUND_KEY)) {
      const person = value.slice(PLAYGROUND_KEY.length);
      return `Playground (${members.data?.get(person) ?? person})`;
    }
    if (group === 'key') return keys.data?.get(value) ?? value;
    if (group === 'member') return members.data?.get(value) ?? value;
    if (group === 'project') return projectNames.get(value) ?? value;
    return value;
  };
  const groupChoice = group?.startsWith('tag:') ? 'tag' : (group ?? '');
  const groupOptions = [
    { value: '', label: 'Nothing (totals)' },
    ...(scope.kind === 'org' ? [{ value: 'project', label: 'Project' }] : []),
    { value: 'model', label: 'Model' },
    { value: 'key', label: 'Key' },
    { value: 'member', label: 'Member (sender or key creator)' },
    { value: 'user', label: 'End user' },
    { value: 'tag', label: 'Tag…' },
  ];
  const chart = report.data ? toChartData(report.data, metric, label) : null;
  return (
    <>
      <div className={styles.controls}>
        <Field label="Range">
          <Select value={range} onChange={(e) => setSearch({ range: e.target.value === 'month' ? undefined : (e.target.value as UsageRange) })} options={RANGES} />
        </Field>
        <Field label="Per">
          <Select value={granularity} onChange={(e) => setSearch({ granularity: e.target.value === 'day' ? undefined : (e.target.value as Granularity) })} options={GRANULARITIES} />
        </Field>
        <Field label="Group by">
          <Select
            value={groupChoice}
            onChange={(e) => {
              const next = e.target.value;
              if (next !== 'tag') return setSearch({ group: next === '' ? undefined : next });
              // A tag grouping needs a key: start with the last one typed, else the common `team`.
              const key = tagKey.trim() || 'team';
              setTagKey(key);
              setSearch({ group: `tag:${key}` });
            }}
            options={groupOptions}
          />
        </Field>
        {groupChoice === 'tag' && (
          <form onSubmit={(e) => { e.preventDefault(); if (tagKey.trim()) setSearch({ group: `tag:${tagKey.trim().slice(0, 64)}` }); }}>
            <Field label="Tag key">
              <Input value={tagKey} onChange={(e) => setTagKey(e.target.value)} onBlur={() => tagKey.trim() && setSearch({ group: `tag:${tagKey.trim().slice(0, 64)}` })} placeholder="team" />
            </Field>
          </form>
        )}
        <Field label="Chart shows">
          <Select value={metric} onChange={(e) => setSearch({ metric: e.target.value === 'cost' ? undefined : (e.target.value as Metric) })} options={METRICS} />
        </Field>
        <Button asChild>
          <a href={usageCsvUrl(scope, params)} download>
            <Download size={16} aria-hidden />Download CSV
          </a>
        </Button>
      </div>
      {report.error ? (
        <ErrorBanner error={report.error} />
      ) : !report.data || !chart ? (
        <p className={textStyles.muted}>Loading usage…</p>
      ) : report.data.data.length === 0 ? (
        <EmptyState title="No usage in this range">Usage appears here about a second after a request is billed.</EmptyState>
      ) : (
        <>
          <section className={styles.card} aria-label="Usage chart">
            <div className={styles.totals}>
              <div className={styles.figure}><span className={styles.figureLabel}>Cost</span><span className={styles.figureValue}><Money usd={report.data.totals.cost_usd} /></span></div>
              <div className={styles.figure}><span className={styles.figureLabel}>Requests</span><span className={styles.figureValue}>{formatCount(report.data.totals.requests)}</span></div>
              <div className={styles.figure}><span className={styles.figureLabel}>Tokens in / out</span><span className={styles.figureValue}>{formatCount(report.data.totals.input_tokens)} / {formatCount(report.data.totals.output_tokens)}</span></div>
            </div>
            <UsageChart data={chart} metric={metric} granularity={granularity} />
          </section>
          <UsageTable report={report.data} granularity={granularity} groupTitle={group ? (GROUP_TITLES[group] ?? `Tag ${group.slice(4)}`) : null} label={label} />
        </>
      )}
    </>
  );
}

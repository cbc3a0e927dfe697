import { startTransition, useEffect, useState, type ReactElement } from 'react';
import { cx } from '../../lib/cx';
import { compareUsd } from '../../lib/money';
import { formatTime } from '../../lib/time';
import { Money } from '../../components/money';
import { bucketLabel } from './usage-chart';
import type { UsageReport } from './queries';
import type { Granularity } from './search';
import { totalCost } from './series';
import styles from './usage.module.css';
import textStyles from '../../styles/text.module.css';
import { formatCount } from '../../lib/count';

const n = formatCount;

/**
 * Rows put on screen with the chart. A month per hour is 720 rows (about 6,000 cells): the first
 * screenful shows at once, the rest follows in a transition that React interrupts for input.
 */
const FIRST_ROWS = 60;

/** A bucket's start; an hour's time goes under its date, so the column stays narrow. */
function Period({ start, granularity }: { readonly start: string; readonly granularity: Granularity }): ReactElement {
  if (granularity !== 'hour') return <>{bucketLabel(start, granularity)}</>;
  return (
    <>
      {bucketLabel(start, 'day')}
      <div className={textStyles.muted}>{formatTime(start, 'time', 'UTC').replace(/:00 /, ' ')} UTC</div>
    </>
  );
}

/**
 * Input or output tokens, and under them the part of them that was cached (input) or reasoning
 * (output): one column each instead of four, so that the table fits a laptop's width.
 */
function Tokens({ count, part, partName }: { readonly count: number; readonly part: number; readonly partName: string }): ReactElement {
  return (
    <>
      <span className="tabular">{n(count)}</span>
      <div className={cx(textStyles.muted, styles.part, 'tabular')}>{n(part)} {partName}</div>
    </>
  );
}

/** The chart's figures, exact: a row per bucket and group, and the API's totals (which equal the sum of the rows). */
export function UsageTable({ report, granularity, groupTitle, label }: { readonly report: UsageReport; readonly granularity: Granularity; readonly groupTitle: string | null; readonly label: (group: string | null) => string }): ReactElement {
  const { totals } = report;
  const rowsCost = totalCost(report.data);
  const [complete, setComplete] = useState<UsageReport | null>(null);
  useEffect(() => {
    if (complete !== report) startTransition(() => setComplete(report));
  }, [report, complete]);
  const rows = complete === report ? report.data : report.data.slice(0, FIRST_ROWS);
  return (
    <div className={styles.figures}>
      {/* Focusable so a keyboard can scroll a wide table sideways on a phone. */}
      <div className={styles.frame} tabIndex={0} role="region" aria-label="Usage figures, scrollable">
        <table className={styles.table} aria-label="Usage figures">
          <thead>
            <tr>
              <th scope="col">Period (UTC)</th>
              {groupTitle !== null && <th scope="col" className={cx(styles.left, styles.group)}>{groupTitle}</th>}
              <th scope="col">Cost</th>
              <th scope="col">Requests</th>
              <th scope="col">Input tokens</th>
              <th scope="col">Output tokens</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.start}|${row.group ?? ''}`}>
                <td><Period start={row.start} granularity={granularity} /></td>
                {groupTitle !== null && (
                  <td className={cx(styles.left, styles.group)}>
                    <div className={styles.groupName}>{label(row.group)}</div>
                  </td>
                )}
                <td><Money usd={row.cost_usd} /></td>
                <td className="tabular">{n(row.requests)}</td>
                <td><Tokens count={row.input_tokens} part={row.cached_tokens} partName="cached" /></td>
                <td><Tokens count={row.output_tokens} part={row.reasoning_tokens} partName="reasoning" /></td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <td colSpan={groupTitle !== null ? 2 : 1}>Total</td>
              <td><Money usd={totals.cost_usd} /></td>
              <td className="tabular">{n(totals.requests)}</td>
              <td><Tokens count={totals.input_tokens} part={totals.cached_tokens} partName="cached" /></td>
              <td><Tokens count={totals.output_tokens} part={totals.reasoning_tokens} partName="reasoning" /></td>
            </tr>
          </tfoot>
        </table>
      </div>
      {compareUsd(rowsCost, totals.cost_usd) !== 0 && (
        <p className={styles.warning} role="alert">The rows add up to {rowsCost}, not the total {totals.cost_usd}: please report this.</p>
      )}
    </div>
  );
}

import { startTransition, useEffect, useState, type ReactElement } from 'react';
import { compareUsd } from '../../lib/money';
import { Money } from '../../components/money';
import { bucketLabel } from './usage-chart';
import type { UsageReport } from './queries';
import type { Granularity } from './search';
import { totalCost } from './series';
import styles from './usage.module.css';
import { formatCount } from '../../lib/count';

const n = formatCount;

/**
 * Rows put on screen with the chart. A month per hour is 720 rows (about 6,000 cells): the first
 * screenful shows at once, the rest follows in a transition that React interrupts for input.
 */
const FIRST_ROWS = 60;

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
    <>
      {/* Focusable so a keyboard can scroll a wide table sideways on a phone. */}
      <div className={styles.frame} tabIndex={0} role="region" aria-label="Usage figures, scrollable">
        <table className={styles.table} aria-label="Usage figures">
          <thead>
            <tr>
              <th scope="col">Period (UTC)</th>
              {groupTitle !== null && <th scope="col" className={styles.left}>{groupTitle}</th>}
              <th scope="col">Cost</th>
              <th scope="col">Requests</th>
              <th scope="col">Input tokens</th>
              <th scope="col">Output tokens</th>
              <th scope="col">Cached</th>
              <th scope="col">Reasoning</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.start}|${row.group ?? ''}`}>
                <td>{bucketLabel(row.start, granularity)}</td>
                {groupTitle !== null && <td className={styles.left}>{label(row.group)}</td>}
                <td><Money usd={row.cost_usd} /></td>
                <td className="tabular">{n(row.requests)}</td>
                <td className="tabular">{n(row.input_tokens)}</td>
                <td className="tabular">{n(row.output_tokens)}</td>
                <td className="tabular">{n(row.cached_tokens)}</td>
                <td className="tabular">{n(row.reasoning_tokens)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <td colSpan={groupTitle !== null ? 2 : 1}>Total</td>
              <td><Money usd={totals.cost_usd} /></td>
              <td className="tabular">{n(totals.requests)}</td>
              <td className="tabular">{n(totals.input_tokens)}</td>
              <td className="tabular">{n(totals.output_tokens)}</td>
              <td className="tabular">{n(totals.cached_tokens)}</td>
              <td className="tabular">{n(totals.reasoning_tokens)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      {compareUsd(rowsCost, totals.cost_usd) !== 0 && (
        <p className={styles.warning} role="alert">The rows add up to {rowsCost}, not the total {totals.cost_usd}: please report this.</p>
      )}
    </>
  );
}

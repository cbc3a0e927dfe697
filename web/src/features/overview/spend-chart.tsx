import type { ReactElement } from 'react';
import { Money } from '../../components/money';
import { formatUsd } from '../../lib/money';
import styles from './overview.module.css';
import type { StackedDays } from './stack-days';

const COLORS = ['var(--chart-1)', 'var(--chart-2)', 'var(--chart-3)', 'var(--chart-4)', 'var(--chart-5)'];
const HEIGHT = 160;

/** The colour of the n-th series ("other" is grey). */
function color(key: string, index: number): string {
  return key === 'other' ? 'var(--chart-other)' : (COLORS[index % COLORS.length] ?? 'var(--chart-other)');
}

/** Props of {@link SpendChart}. */
export interface SpendChartProps {
  readonly stacked: StackedDays;
  /** A series key in words (project name, model id). */
  readonly label: (key: string) => string;
}

/**
 * Spend per day as stacked SVG bars. Heights are proportional (a float is fine for pixels); every
 * figure written out, in the legend and each bar's title, is the exact decimal string.
 */
export function SpendChart({ stacked, label }: SpendChartProps): ReactElement {
  const width = Math.max(stacked.days.length, 1) * 12;
  const scale = stacked.maxNano === 0n ? 0 : HEIGHT / Number(stacked.maxNano);
  return (
    <figure className={styles.chart}>
      <svg viewBox={`0 0 ${width} ${HEIGHT}`} preserveAspectRatio="none" className={styles.svg} role="img" aria-label={`Spend per day, ${formatUsd(stacked.total)} in total`}>
        {stacked.days.map((day, i) => {
          let y = HEIGHT;
          return (
            <g key={day.day}>
              <title>{`${day.day.slice(0, 10)}: ${formatUsd(day.total)}`}</title>
              {day.segments.map((segment, s) => {
                const h = Number(segment.nano) * scale;
                y -= h;
                return h > 0 ? <rect key={segment.series} x={i * 12 + 2} y={y} width={8} height={h} fill={color(segment.series, s)} /> : null;
              })}
            </g>
          );
        })}
      </svg>
      <div className={styles.axis} aria-hidden="true">
        <span>{stacked.days[0]?.day.slice(5, 10) ?? ''}</span>
        <span>{stacked.days[stacked.days.length - 1]?.day.slice(5, 10) ?? ''}</span>
      </div>
      <figcaption>
        <ul className={styles.legend} aria-label="Series">
          {stacked.series.map((series, i) => (
            <li key={series.key}>
              <span className={styles.swatch} style={{ background: color(series.key, i) }} aria-hidden="true" />
              <span className={styles.legendName}>{series.key === 'other' ? 'Other' : label(series.key)}</span>
              <Money usd={series.total} />
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}

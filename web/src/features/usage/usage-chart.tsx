import type { ReactElement } from 'react';
import { formatMonth, formatTime } from '../../lib/time';
import type { Granularity, Metric } from './search';
import type { ChartData } from './series';
import styles from './usage.module.css';
import { formatCount } from '../../lib/count';

const WIDTH = 800;
const HEIGHT = 220;
const LEFT = 56;
const BOTTOM = 24;
const TOP = 8;

const SERIES_CLASS = [styles.s0, styles.s1, styles.s2, styles.s3, styles.s4, styles.s5];

/** A bucket's start as the API means it: a UTC hour, day or month. */
export function bucketLabel(start: string, granularity: Granularity): string {
  if (granularity === 'hour') return `${formatTime(start, 'datetime', 'UTC').replace(/:00 /, ' ')} UTC`;
  if (granularity === 'month') return formatMonth(start);
  return formatTime(start, 'date', 'UTC');
}

function axisValue(value: number, metric: Metric): string {
  if (metric === 'cost') return `$${value < 0.01 && value > 0 ? value.toPrecision(2) : value.toFixed(2)}`;
  return formatCount(Math.round(value));
}

/**
 * Stacked bars drawn as SVG (no chart library: a few dozen rects cost nothing to draw and nothing to
 * download). Heights may use floats; every figure a person reads is in the table below, exact.
 */
export function UsageChart({ data, metric, granularity }: { readonly data: ChartData; readonly metric: Metric; readonly granularity: Granularity }): ReactElement {
  const stacks = data.buckets.map((b) => b.values.reduce((a, v) => a + v, 0));
  const max = Math.max(...stacks, 0) || 1;
  const plotWidth = WIDTH - LEFT - 8;
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const slot = plotWidth / Math.max(1, data.buckets.length);
  const barWidth = Math.min(48, Math.max(1, slot * 0.7));
  const scale = (v: number) => (v / max) * plotHeight;
  const metricWord = metric === 'cost' ? 'cost' : metric === 'requests' ? 'requests' : 'tokens';
  return (
    <figure className={styles.figureBox}>
      <svg className={styles.chart} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={`Chart of ${metricWord} per ${granularity}, ${data.series.length > 0 ? `by ${data.series.join(', ')}` : 'empty'}; the table below has the same figures.`}>
        <line className={styles.axis} x1={LEFT} y1={TOP + plotHeight} x2={WIDTH - 8} y2={TOP + plotHeight} />
        <line className={styles.axis} x1={LEFT} y1={TOP} x2={LEFT} y2={TOP + plotHeight} />
        <text className={styles.axisLabel} x={LEFT - 6} y={TOP + 10} textAnchor="end">{axisValue(max, metric)}</text>
        <text className={styles.axisLabel} x={LEFT - 6} y={TOP + plotHeight} textAnchor="end">0</text>
        {data.buckets.map((bucket, b) => {
          let y = TOP + plotHeight;
          const x = LEFT + b * slot + (slot - barWidth) / 2;
          return (
            <g key={bucket.start}>
              {bucket.values.map((value, s) => {
                if (value <= 0) return null;
                const h = Math.max(1, scale(value));
                y -= h;
                return (
                  <rect key={s} className={SERIES_CLASS[s]} x={x} y={y} width={barWidth} height={h}>
                    <title>{`${bucketLabel(bucket.start, granularity)} · ${data.series[s]}: ${axisValue(value, metric)}`}</title>
                  </rect>
                );
              })}
            </g>
          );
        })}
        {data.buckets.length > 0 && (
          <>
            <text className={styles.axisLabel} x={LEFT} y={HEIGHT - 6}>{bucketLabel(data.buckets[0]!.start, granularity)}</text>
            {data.buckets.length > 1 && <text className={styles.axisLabel} x={WIDTH - 8} y={HEIGHT - 6} textAnchor="end">{bucketLabel(data.buckets.at(-1)!.start, granularity)}</text>}
          </>
        )}
      </svg>
      {data.series.length > 1 && (
        <ul className={styles.legend} aria-label="Chart legend">
          {data.series.map((name, s) => <li key={name}><span className={`${styles.swatch} ${SERIES_CLASS[s]}`} aria-hidden="true" />{name}</li>)}
        </ul>
      )}
    </figure>
  );
}

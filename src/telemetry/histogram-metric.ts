import type { HistogramCounts } from './request-counts.js';

/** One labelled value in prom-client's metric JSON. */
interface MetricValueJson {
  readonly labels: Readonly<Record<string, string | number>>;
  readonly value: number;
  readonly metricName: string;
}

/**
 * A histogram that prom-client's registry exposes (text format, JSON, cluster aggregation) from
 * counts kept elsewhere ({@link HistogramCounts}): the shape of prom-client's own `Histogram.get()`,
 * read only when scraped.
 */
export class HistogramMetric {
  readonly type = 'histogram';
  readonly aggregator = 'sum';

  constructor(
    readonly name: string,
    readonly help: string,
    /** The series to expose, with their labels. */
    private readonly series: () => Iterable<readonly [Readonly<Record<string, string>>, HistogramCounts]>,
  ) {}

  async get(): Promise<{ name: string; help: string; type: string; aggregator: string; values: MetricValueJson[] }> {
    const values: MetricValueJson[] = [];
    for (const [labels, counts] of this.series()) {
      if (counts.count === 0) continue;
      let cumulative = 0;
      counts.bounds.forEach((bound, i) => {
        cumulative += counts.counts[i]!;
        values.push({ labels: { ...labels, le: bound }, value: cumulative, metricName: `${this.name}_bucket` });
      });
      values.push({ labels: { ...labels, le: '+Inf' }, value: counts.count, metricName: `${this.name}_bucket` });
      values.push({ labels, value: counts.sum, metricName: `${this.name}_sum` });
      values.push({ labels, value: counts.count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }
}

import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';
import { COST_HELP, COST_METRIC, usdNumber, type GatewayMetrics, type MetricJson, type MetricsSnapshot } from './gateway-metrics.js';
import { processMetricsRegistry } from './process-metrics.js';

/** Messages between the cluster primary and its workers about metrics (over the cluster's IPC channel). */
type MetricsMessage =
  /** Primary → worker: send your snapshot. */
  | { readonly type: 'tf:metrics:collect'; readonly id: number }
  /** Worker → primary: the snapshot asked for, or the last one before a planned exit (`id` -1). */
  | { readonly type: 'tf:metrics:snapshot'; readonly id: number; readonly snapshot: MetricsSnapshot }
  /** Worker → primary: a scraper asked me for `/metrics`; send every worker's, added up. */
  | { readonly type: 'tf:metrics:request'; readonly id: number }
  /** Primary → worker: the answer to a request. */
  | { readonly type: 'tf:metrics:text'; readonly id: number; readonly text: string | null };

/**
 * The cluster primary's side: adds up the metrics of every worker (and its own process metrics)
 * with prom-client's aggregation, keeping counters monotonic when a worker exits: its last
 * snapshot's counters and histograms are kept in `retired` (a replacement starts again at 0).
 * Counts a killed worker made after the last scrape are lost, never counted twice. The USD cost is
 * added up exactly, in nano-USD, from each worker's exact amounts.
 */
export class ClusterMetricsCollector {
  private nextId = 0;
  private readonly rounds = new Map<number, (worker: Worker, snapshot: MetricsSnapshot) => void>();
  private readonly last = new Map<number, MetricsSnapshot>();
  private retired: MetricsSnapshot = { metrics: [], costNano: {} };
  /** Retirements run one after another (each reads the previous one's result). */
  private retiring: Promise<void> = Promise.resolve();

  constructor(private readonly timeoutMs = 3000) {
    cluster.on('message', (worker, message: MetricsMessage) => this.receive(worker, message));
    cluster.on('exit', (worker) => {
      // A process can exit before its last IPC messages (the final snapshot) are read: those are
      // read by the time the channel reports its end.
      const closed = worker.isConnected() ? new Promise<void>((resolve) => worker.once('disconnect', () => resolve())) : Promise.resolve();
      this.retiring = Promise.all([this.retiring, closed]).then(() => this.retire(worker.id));
    });
  }

  /** Every worker's metrics added up, in the text format. */
  async collect(): Promise<string> {
    await this.retiring;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined && w.isConnected());
    const fresh = new Map<number, MetricsSnapshot>();
    const id = this.nextId++;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, this.timeoutMs);
      this.rounds.set(id, (worker, snapshot) => {
        fresh.set(worker.id, snapshot);
        if (fresh.size === workers.length) {
          clearTimeout(timer);
          resolve();
        }
      });
      if (workers.length === 0) resolve();
      for (const worker of workers) worker.send({ type: 'tf:metrics:collect', id } satisfies MetricsMessage);
    });
    this.rounds.delete(id);
    // A worker that did not answer in time counts with its last snapshot.
    const snapshots = workers.map((w) => fresh.get(w.id) ?? this.last.get(w.id)).filter((s): s is MetricsSnapshot => s !== undefined);
    const primary = (await processMetricsRegistry().getMetricsAsJSON()) as unknown as MetricJson[];
    const registry = AggregatorRegistry.aggregate([...addUp([...snapshots, this.retired]), primary]);
    return registry.metrics();
  }

  private receive(worker: Worker, message: MetricsMessage): void {
    if (message.type === 'tf:metrics:snapshot') {
      this.last.set(worker.id, message.snapshot);
      this.rounds.get(message.id)?.(worker, message.snapshot);
    } else if (message.type === 'tf:metrics:request') {
      this.collect().then(
        (text) => worker.send({ type: 'tf:metrics:text', id: message.id, text } satisfies MetricsMessage),
        () => worker.send({ type: 'tf:metrics:text', id: message.id, text: null } satisfies MetricsMessage),
      );
    }
  }

  /** Keep an exited worker's counters and histograms (its gauges no longer describe anything). */
  private async retire(workerId: number): Promise<void> {
    const snapshot = this.last.get(workerId);
    this.last.delete(workerId);
    if (snapshot === undefined) return;
    const monotonic = { metrics: snapshot.metrics.filter((m) => m.type === 'counter' || m.type === 'histogram'), costNano: snapshot.costNano };
    const combined = (await AggregatorRegistry.aggregate(addUp([this.retired, monotonic])).getMetricsAsJSON()) as unknown as MetricJson[];
    this.retired = { metrics: combined.filter((m) => m.name !== COST_METRIC), costNano: sumCosts([this.retired, monotonic]) };
  }
}

/** Snapshots as prom-client JSON lists ready to aggregate: costs replaced by one exact sum. */
function addUp(snapshots: readonly MetricsSnapshot[]): MetricJson[][] {
  const lists = snapshots.map((s) => s.metrics.filter((m) => m.name !== COST_METRIC));
  const cost: MetricJson = {
    name: COST_METRIC,
    help: COST_HELP,
    type: 'counter',
    aggregator: 'sum',
    values: Object.entries(sumCosts(snapshots)).map(([model, nano]) => ({ labels: { model }, value: usdNumber(BigInt(nano)) })),
  };
  return [...lists, [cost]];
}

function sumCosts(snapshots: readonly MetricsSnapshot[]): Record<string, string> {
  const sums = new Map<string, bigint>();
  for (const s of snapshots) for (const [model, nano] of Object.entries(s.costNano)) sums.set(model, (sums.get(model) ?? 0n) + BigInt(nano));
  return Object.fromEntries([...sums].map(([model, nano]) => [model, nano.toString()]));
}

/** Worker side: answer the primary's requests for this worker's snapshot. */
export function answerMetricsCollection(metrics: GatewayMetrics): void {
  process.on('message', (message: MetricsMessage) => {
    if (message.type !== 'tf:metrics:collect') return;
    void metrics.snapshot().then((snapshot) => process.send?.({ type: 'tf:metrics:snapshot', id: message.id, snapshot } satisfies MetricsMessage));
  });
}

const waiting = new Map<number, (text: string | null) => void>();
let listening = false;
let nextRequest = 0;

/** Worker side: every worker's metrics added up, from the primary (for `/metrics` on the shared port). */
export function fetchClusterMetrics(timeoutMs = 10_000): Promise<string> {
  if (!listening) {
    listening = true;
    process.on('message', (message: MetricsMessage) => {
      if (message.type !== 'tf:metrics:text') return;
      waiting.get(message.id)?.(message.text);
      waiting.delete(message.id);
    });
  }
  const id = nextRequest++;
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      waiting.delete(id);
      reject(new Error('The cluster primary did not send the metrics in time.'));
    }, timeoutMs);
    waiting.set(id, (text) => {
      clearTimeout(timer);
      if (text === null) reject(new Error('The cluster primary could not collect the metrics.'));
      else resolve(text);
    });
    process.send?.({ type: 'tf:metrics:request', id } satisfies MetricsMessage);
  });
}

/** Worker side, before a planned exit: hand the final counts to the primary so none are lost. */
export async function sendFinalMetrics(metrics: GatewayMetrics): Promise<void> {
  const snapshot = await metrics.snapshot();
  await new Promise<void>((resolve) => {
    if (!process.send || !process.connected) return resolve();
    process.send({ type: 'tf:metrics:snapshot', id: -1, snapshot } satisfies MetricsMessage, undefined, {}, () => resolve());
  });
}

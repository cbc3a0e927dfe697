import type { FastifyReply } from 'fastify';
import type { IrUsage } from '../../protocol/ir/index.js';
import type { CallSignal, Provider } from '../../providers/provider.js';
import type { RequestRecord } from '../request-record.js';

/** What every relay needs: where to answer, what to record, how to price and how to cancel. */
export interface RelayContext {
  readonly reply: FastifyReply;
  readonly record: RequestRecord;
  readonly provider: Provider;
  /** Aborted when the client disconnects; cancels the upstream call. */
  readonly signal: CallSignal;
  /** Headers every answer carries (`x-request-id` ...). */
  readonly headers: Record<string, string>;
  /** Top-level fields added to a JSON answer and to the first chunk of a stream (`tf.ignored_params`), or null. */
  readonly bodyExtras: Readonly<Record<string, unknown>> | null;
  /** The `model` answers report: the resolved catalogue id (see InferenceSession.answerModel). */
  readonly answerModel: string;
  /** Prompt token estimate, computed (once, off the hot path) only when an upstream reports no usage. */
  estimatePromptTokens(): Promise<number>;
  /** Price usage and record it on the request; returns the cost as a USD string. */
  meter(usage: IrUsage, searchUnits?: number): string;
}

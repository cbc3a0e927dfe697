import OpenAI from 'openai';
import type { ConsoleGateway } from './gateway.js';

/** One chat request made with the official openai package, as a developer's code would. */
export interface SentRequest {
  /** `x-request-id` of the answer. */
  readonly id: string;
  /** `usage.cost` the gateway reported (USD decimal string). */
  readonly cost: string;
}

/**
 * Send chat requests with `key` through the openai package (varied models, end users and tags so the
 * request log and usage pages have something to group), then wait until each is settled: its
 * ledger debit exists, so it counts in usage and its drawer shows the debit.
 */
export async function sendTraffic(gateway: ConsoleGateway, key: string, count = 4): Promise<SentRequest[]> {
  const client = new OpenAI({ apiKey: key, baseURL: `${gateway.url}/v1`, maxRetries: 0 });
  const models = ['openai/gpt-4o-mini', 'openai/gpt-4o'];
  const sent: SentRequest[] = [];
  for (let i = 0; i < count; i++) {
    const { data, response } = await client.chat.completions
      .create({ model: models[i % models.length]!, user: `user-${i % 2}`, metadata: { team: i % 2 === 0 ? 'search' : 'ads' }, store: false, messages: [{ role: 'user', content: `Say hello number ${i}.` }] })
      .withResponse();
    sent.push({ id: response.headers.get('x-request-id')!, cost: (data.usage as unknown as { cost: string }).cost });
  }
  for (const request of sent) await waitSettled(gateway, request.id);
  return sent;
}

/** Wait until a request's usage debit is in the ledger (settlement runs every second). */
export async function waitSettled(gateway: ConsoleGateway, requestId: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const detail = (await gateway.operator('GET', `/api/requests/${requestId}`).catch(() => null)) as { ledger_entry?: unknown } | null;
    if (detail?.ledger_entry) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`request ${requestId} was not settled within 15 s`);
}

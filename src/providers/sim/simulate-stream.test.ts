import { afterEach, describe, expect, it, vi } from 'vitest';
import { safeParseJson } from '../../core/json.js';
import type { IrChatRequest, IrMessage, IrStreamEvent } from '../../protocol/ir/index.js';
import { createSimProvider } from './index.js';

const user = (text: string): IrMessage => ({ role: 'user', content: [{ type: 'text', text }] });
const context = (signal = new AbortController().signal) => ({ requestId: 'req_test', signal });

async function collect(events: AsyncIterable<IrStreamEvent>): Promise<IrStreamEvent[]> {
  const out: IrStreamEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('streamChat', () => {
  const provider = createSimProvider({ id: 'sim-a' });

  it('should stream the same text and usage as chat, in order', async () => {
    const request: IrChatRequest = { model: 'm', messages: [user('Tell me about streams')], reasoning: { effort: 'low' }, maxOutputTokens: 300 };
    const whole = await provider.chat!(request, context());
    const events = await collect(await provider.streamChat!(request, context()));
    expect(events[0]).toMatchObject({ type: 'stream-start', model: 'm', warnings: [] });
    expect(events.at(-2)).toMatchObject({ type: 'finish', choice: 0, finishReason: 'stop' });
    expect(events.at(-1)).toEqual({ type: 'usage', usage: whole.usage });
    const types = events.map((e) => e.type);
    expect(types.lastIndexOf('reasoning-delta')).toBeLessThan(types.indexOf('text-delta'));
    const text = events.flatMap((e) => (e.type === 'text-delta' ? [e.delta] : [])).join('');
    const reasoning = events.flatMap((e) => (e.type === 'reasoning-delta' ? [e.delta] : [])).join('');
    expect(whole.choices[0]!.content).toEqual([{ type: 'reasoning', text: reasoning }, { type: 'text', text }]);
    expect(types.filter((t) => t === 'text-delta').length).toBeGreaterThan(5);
  });

  it('should stream tool calls as start, argument pieces and end', async () => {
    const tools = [{ name: 'lookup', parameters: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] } }];
    const events = await collect(await provider.streamChat!({ model: 'm', messages: [user('please lookup the tides')], tools }, context()));
    const start = events.findIndex((e) => e.type === 'tool-call-start');
    const end = events.findIndex((e) => e.type === 'tool-call-end');
    expect(events[start]).toMatchObject({ type: 'tool-call-start', choice: 0, index: 0, name: 'lookup' });
    const pieces = events.slice(start + 1, end).flatMap((e) => (e.type === 'tool-call-delta' ? [e.argumentsDelta] : []));
    expect(pieces.length).toBeGreaterThan(1);
    expect(safeParseJson(pieces.join(''))).toEqual({ ok: true, value: { query: 'please lookup the tides' } });
    expect(events[end + 1]).toMatchObject({ type: 'finish', finishReason: 'tool-calls' });
  });

  it('should end with an error event after a few deltas on [sim:fail-mid-stream]', async () => {
    const events = await collect(await provider.streamChat!({ model: 'm', messages: [user('go [sim:fail-mid-stream]')] }, context()));
    expect(events.filter((e) => e.type === 'text-delta')).toHaveLength(3);
    const last = events.at(-1);
    expect(last?.type === 'error' && last.error.code).toBe('GW_UPSTREAM_STREAM_FAILED');
    expect(events.some((e) => e.type === 'finish' || e.type === 'usage')).toBe(false);
  });

  it('should wait [sim:slow:<ms>] before answering', async () => {
    vi.useFakeTimers();
    let settled = false;
    const pending = provider.chat!({ model: 'm', messages: [user('hi [sim:slow:1000]')] }, context()).then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await pending;
    expect(settled).toBe(true);
  });

  it('should reject a slow call promptly when aborted, leaving no timer', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const pending = provider.streamChat!({ model: 'm', messages: [user('hi [sim:slow:60000]')] }, context(controller.signal));
    const outcome = pending.catch((e: unknown) => e);
    controller.abort(new Error('client went away'));
    expect(await outcome).toMatchObject({ message: 'client went away' });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('should pace events with chunkDelayMs and stop when aborted mid-stream', async () => {
    vi.useFakeTimers();
    const paced = createSimProvider({ id: 'sim-a', chunkDelayMs: 50 });
    const controller = new AbortController();
    const iterator = (await paced.streamChat!({ model: 'm', messages: [user('hello')] }, context(controller.signal)))[Symbol.asyncIterator]();
    expect((await iterator.next()).value).toMatchObject({ type: 'stream-start' });
    const second = iterator.next();
    await vi.advanceTimersByTimeAsync(50);
    expect((await second).value).toMatchObject({ type: 'text-delta' });
    const third = iterator.next().catch((e: unknown) => e);
    controller.abort(new Error('stop'));
    expect(await third).toMatchObject({ message: 'stop' });
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('streamComplete', () => {
  const provider = createSimProvider({ id: 'sim-a' });

  it('should stream text per choice index and match complete', async () => {
    const request = { model: 'm', prompt: ['One', 'Two'], n: 2, echo: true };
    const whole = await provider.complete!(request, context());
    const events = await collect(await provider.streamComplete!(request, context()));
    for (const choice of whole.choices) {
      const text = events.flatMap((e) => (e.type === 'text-delta' && e.choice === choice.index ? [e.delta] : [])).join('');
      expect(text).toBe(choice.text);
    }
    expect(events.filter((e) => e.type === 'finish').map((e) => e.type === 'finish' && e.choice)).toEqual([0, 1, 2, 3]);
    expect(events.at(-1)).toEqual({ type: 'usage', usage: whole.usage });
  });
});

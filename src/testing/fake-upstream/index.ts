export { startFakeOpenAIUpstream } from './openai-dialect.js';
export { startFakeAnthropicUpstream } from './anthropic-dialect.js';
export { DEFAULT_TEXT } from './reply-helpers.js';
export { FAKE_SIGNATURE } from './anthropic-messages.js';
export type { FakeBehaviour, FakeReply, FakeToolCall, FakeUsage, FakeUpstream, FakeUpstreamOptions, RecordedRequest } from './types.js';

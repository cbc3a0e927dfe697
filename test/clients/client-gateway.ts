import { conformanceCatalogue } from '../../src/testing/conformance-catalogue.js';
import { startTestGateway, type TestGateway } from '../../src/testing/start-test-gateway.js';

/** The chat model every client uses: the built-in sim (tools, JSON schema output, streaming), priced. */
export const CHAT_MODEL = 'conf/sim';
/** A sim embedding model with 8 dimensions. */
export const EMBED_MODEL = 'conf/embed-sim';
export const EMBED_DIMENSIONS = 8;
/** A question the sim answers by calling `get_weather` for Oslo (it names the tool). */
export const TOOL_QUESTION = 'What is the weather in Oslo? Use get_weather.';
/** The sim's answer text starts with this. */
export const SIM_REPLY = /^Simulated reply to: /;
/** A positive USD cost as the gateway writes it (9 decimals). */
export const COST = /^(?!0\.0{9}$)\d+\.\d{9}$/;
/** JSON schema of the structured output every client asks for. */
export const CITY_SCHEMA = { type: 'object', properties: { city: { type: 'string' }, population: { type: 'integer' } }, required: ['city', 'population'], additionalProperties: false } as const;

/**
 * A real gateway (HTTP, SQLite, the sim upstream) for one client-matrix file. The catalogue's other
 * upstreams point at a closed port: the matrix tests the clients, not the upstreams.
 */
export function startClientGateway(): Promise<TestGateway> {
  return startTestGateway({ catalogue: conformanceCatalogue({ openai: 'http://127.0.0.1:9/v1', anthropic: 'http://127.0.0.1:9' }), env: { UP_KEY: 'k', ANT_KEY: 'k' } });
}

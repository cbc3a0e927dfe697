export { createUpstreamClient, jsonBody } from './upstream-client.js';
export type { UpstreamClient, UpstreamClientOptions, UpstreamResponse } from './upstream-client.js';
export { mapUpstreamStatus, upstreamStatusOf, type UpstreamStatusCause } from './map-upstream-status.js';
export { mapTransportError } from './map-transport-error.js';
export { parseRetryAfter } from './parse-retry-after.js';
export { readBodyText } from './read-body-text.js';
export { forwardRaw, forwardedStream, forwardedText } from './forwarded-body.js';
export { streamSseBody } from './stream-sse-body.js';
export { errorInBody, mapBodyError } from './map-body-error.js';

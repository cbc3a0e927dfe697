export { readSseBatches, readSseEvents } from './read-sse-events.js';
export type { SseEvent } from './read-sse-events.js';
export { SseFrameReader, type SseFrameVisitor } from './sse-frame-reader.js';
export { formatSseComment, formatSseEvent } from './write-sse.js';

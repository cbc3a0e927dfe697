export { SseFrameReader, type SseEvent, type SseFrameVisitor } from './sse-frame-reader.js';
export { formatSseComment, formatSseEvent } from './write-sse.js';

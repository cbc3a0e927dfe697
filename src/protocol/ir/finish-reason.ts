/** Why generation stopped, unified across upstreams; the raw value travels beside it. */
export type IrFinishReason = 'stop' | 'length' | 'tool-calls' | 'content-filter' | 'error' | 'other';

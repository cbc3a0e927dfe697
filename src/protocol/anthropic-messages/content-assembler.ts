import { isJsonObject, safeParseJson, type JsonObject } from '../../core/json.js';

/**
 * The content blocks of a streamed Messages answer, rebuilt from its events as the SDK's
 * `finalMessage()` does: `content_block_start` opens a block, deltas extend it (`text`, `thinking`,
 * `signature`, a tool's `input` from its `partial_json`), other blocks stay as started.
 */
export class ContentAssembler {
  private readonly blocks: JsonObject[] = [];
  private readonly partialJson = new Map<number, string>();

  /** Take one event (`type` and its parsed data); events other than content blocks are ignored. */
  add(type: string, data: JsonObject): void {
    const index = typeof data.index === 'number' ? data.index : -1;
    if (type === 'content_block_start' && isJsonObject(data.content_block)) {
      this.blocks[index] = { ...data.content_block };
      return;
    }
    const block = this.blocks[index];
    if (block === undefined) return;
    if (type === 'content_block_delta' && isJsonObject(data.delta)) {
      const delta = data.delta;
      if (delta.type === 'text_delta' && typeof delta.text === 'string') block.text = `${typeof block.text === 'string' ? block.text : ''}${delta.text}`;
      if (delta.type === 'thinking_delta' && typeof delta.thinking === 'string') block.thinking = `${typeof block.thinking === 'string' ? block.thinking : ''}${delta.thinking}`;
      if (delta.type === 'signature_delta' && typeof delta.signature === 'string') block.signature = delta.signature;
      if (delta.type === 'input_json_delta' && typeof delta.partial_json === 'string') this.partialJson.set(index, (this.partialJson.get(index) ?? '') + delta.partial_json);
      return;
    }
    if (type === 'content_block_stop') {
      const json = this.partialJson.get(index);
      if (json === undefined || json === '') return;
      const parsed = safeParseJson(json);
      if (parsed.ok && isJsonObject(parsed.value)) block.input = parsed.value;
    }
  }

  /** The blocks so far, in index order. */
  get content(): JsonObject[] {
    return this.blocks.filter((block) => block !== undefined);
  }
}

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/**
 * An OpenAI-compatible upstream whose streams send one chunk at once and then stay open until the
 * test releases them: the way long LLM streams hold their connections.
 */
export class HoldingUpstream {
  readonly server: Server;
  private held = new Set<ServerResponse>();
  opened = 0;
  closedEarly = 0;

  constructor() {
    this.server = createServer((req, res) => this.handle(req, res));
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as { port: number }).port}/v1`;
  }

  /** End every held stream with a usage chunk and [DONE]. */
  releaseAll(): void {
    const held = [...this.held];
    this.held.clear();
    for (const res of held) this.finish(res);
  }

  /** End the oldest held stream. */
  releaseOne(): void {
    const [res] = this.held;
    if (res === undefined) return;
    this.held.delete(res);
    this.finish(res);
  }

  get holding(): number {
    return this.held.size;
  }

  close(): Promise<void> {
    this.releaseAll();
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    req.resume();
    req.on('end', () => {
      this.opened++;
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`data: ${JSON.stringify(chunk({ role: 'assistant', content: 'hello' }))}\n\n`);
      this.held.add(res);
      res.on('close', () => {
        if (!res.writableFinished) this.closedEarly++;
        this.held.delete(res);
      });
    });
  }

  private finish(res: ServerResponse): void {
    res.write(`data: ${JSON.stringify({ ...chunk({}, 'stop'), usage: { prompt_tokens: 5, completion_tokens: 1, total_tokens: 6 } })}\n\n`);
    res.end('data: [DONE]\n\n');
  }
}

function chunk(delta: Record<string, unknown>, finish: string | null = null) {
  return { id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'up-model', choices: [{ index: 0, delta, finish_reason: finish }] };
}

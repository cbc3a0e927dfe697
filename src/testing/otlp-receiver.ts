import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';

/** One span as an OTLP/HTTP JSON export carries it, flattened for assertions. */
export interface ReceivedSpan {
  readonly traceId: string;
  readonly spanId: string;
  /** Empty for a root span. */
  readonly parentSpanId: string;
  readonly name: string;
  /** OTLP SpanKind: 1 internal, 2 server, 3 client. */
  readonly kind: number;
  readonly startNs: bigint;
  readonly endNs: bigint;
  readonly attributes: Readonly<Record<string, string | number | boolean>>;
  /** OTLP status code: 0 unset, 1 ok, 2 error. */
  readonly statusCode: number;
  /** Attributes of the resource that exported it (`service.name` ...). */
  readonly resource: Readonly<Record<string, string | number | boolean>>;
}

/** An export request as received. */
export interface ReceivedExport {
  readonly path: string;
  readonly contentType: string;
  readonly body: Buffer;
}

/** A running OTLP/HTTP trace receiver. */
export interface OtlpReceiver {
  /** `http://127.0.0.1:PORT` (what `OTEL_EXPORTER_OTLP_ENDPOINT` takes). */
  readonly url: string;
  /** Every export request, in arrival order. */
  readonly exports: readonly ReceivedExport[];
  /** The spans of every JSON export received so far. */
  spans(): ReceivedSpan[];
  close(): Promise<void>;
}

/**
 * A stand-in for an OpenTelemetry Collector's OTLP/HTTP receiver (`POST /v1/traces`), for tests:
 * it keeps each export and answers as the specification says (200 with an empty JSON or protobuf
 * body). JSON exports are decoded; protobuf ones are kept as bytes.
 */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const exports: ReceivedExport[] = [];
  const server = createServer((req, res) => {
    void readBody(req).then((body) => {
      const contentType = req.headers['content-type'] ?? '';
      exports.push({ path: req.url ?? '', contentType, body });
      if (req.method !== 'POST' || req.url !== '/v1/traces') {
        res.writeHead(404).end();
        return;
      }
      if (contentType.startsWith('application/json')) res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      else res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    exports,
    spans: () => exports.filter((e) => e.contentType.startsWith('application/json')).flatMap((e) => decodeJsonExport(e.body)),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

type AnyValue = { stringValue?: string; intValue?: string | number; doubleValue?: number; boolValue?: boolean };
type KeyValue = { key: string; value: AnyValue };

function attributesOf(list: readonly KeyValue[] | undefined): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const { key, value } of list ?? []) {
    if (value.stringValue !== undefined) out[key] = value.stringValue;
    else if (value.intValue !== undefined) out[key] = Number(value.intValue);
    else if (value.doubleValue !== undefined) out[key] = value.doubleValue;
    else if (value.boolValue !== undefined) out[key] = value.boolValue;
  }
  return out;
}

interface JsonExport {
  resourceSpans?: {
    resource?: { attributes?: KeyValue[] };
    scopeSpans?: {
      spans?: {
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        kind: number;
        startTimeUnixNano: string | number;
        endTimeUnixNano: string | number;
        attributes?: KeyValue[];
        status?: { code?: number };
      }[];
    }[];
  }[];
}

function decodeJsonExport(body: Buffer): ReceivedSpan[] {
  const parsed = JSON.parse(body.toString('utf8')) as JsonExport;
  const out: ReceivedSpan[] = [];
  for (const rs of parsed.resourceSpans ?? []) {
    const resource = attributesOf(rs.resource?.attributes);
    for (const ss of rs.scopeSpans ?? []) {
      for (const span of ss.spans ?? []) {
        out.push({
          traceId: span.traceId,
          spanId: span.spanId,
          parentSpanId: span.parentSpanId ?? '',
          name: span.name,
          kind: span.kind,
          startNs: BigInt(span.startTimeUnixNano),
          endNs: BigInt(span.endTimeUnixNano),
          attributes: attributesOf(span.attributes),
          statusCode: span.status?.code ?? 0,
          resource,
        });
      }
    }
  }
  return out;
}

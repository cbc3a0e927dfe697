import { describe, expect, it } from 'vitest';
import { loadTracingConfig } from './tracing-config.js';

describe('loadTracingConfig', () => {
  it('should keep tracing off without an exporter or endpoint, and with OTEL_SDK_DISABLED=true', () => {
    expect(loadTracingConfig({}).enabled).toBe(false);
    expect(loadTracingConfig({ OTEL_SERVICE_NAME: 'x' }).enabled).toBe(false);
    expect(loadTracingConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_SDK_DISABLED: 'true' }).enabled).toBe(false);
    expect(loadTracingConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_TRACES_EXPORTER: 'none' }).enabled).toBe(false);
  });

  it('should turn tracing on with an OTLP endpoint (protobuf by default) or a named exporter', () => {
    expect(loadTracingConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' })).toEqual({
      enabled: true,
      exporter: 'otlp',
      protocol: 'http/protobuf',
      captureMessageContent: false,
      propagators: ['tracecontext', 'baggage'],
    });
    expect(loadTracingConfig({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://c:4318/v1/traces', OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/json' }).protocol).toBe('http/json');
    expect(loadTracingConfig({ OTEL_TRACES_EXPORTER: 'console' })).toMatchObject({ enabled: true, exporter: 'console' });
    expect(loadTracingConfig({ OTEL_TRACES_EXPORTER: 'otlp', OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT: 'TRUE', OTEL_PROPAGATORS: 'tracecontext' })).toMatchObject({
      captureMessageContent: true,
      propagators: ['tracecontext'],
    });
    expect(loadTracingConfig({ OTEL_TRACES_EXPORTER: 'otlp', OTEL_PROPAGATORS: 'none' }).propagators).toEqual([]);
  });

  it('should refuse what is not bundled, naming the variable', () => {
    expect(() => loadTracingConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4317', OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toThrow(/OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' is not supported/);
    expect(() => loadTracingConfig({ OTEL_TRACES_EXPORTER: 'zipkin' })).toThrow(/OTEL_TRACES_EXPORTER: 'zipkin'/);
    expect(() => loadTracingConfig({ OTEL_TRACES_EXPORTER: 'otlp', OTEL_PROPAGATORS: 'b3' })).toThrow(/OTEL_PROPAGATORS: 'b3'/);
  });
});

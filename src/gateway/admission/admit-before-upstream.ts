import type { Provider, ProviderCallContext } from '../../providers/provider.js';

/** Waits for a request's admission (rejecting with its refusal). */
export type AdmissionGate = (requestId: string) => Promise<void>;

type CallName = 'chat' | 'streamChat' | 'complete' | 'streamComplete' | 'embed' | 'rerank' | 'forward';

const CALLS: readonly CallName[] = ['chat', 'streamChat', 'complete', 'streamComplete', 'embed', 'rerank', 'forward'];

/**
 * A provider whose every upstream call first waits for the request's admission: the innermost
 * dispatch layer, so no route can reach an upstream before its money is held, whatever the route.
 */
export function admitBeforeUpstream(provider: Provider, gate: AdmissionGate): Provider {
  // Everything but the upstream calls (id, passthrough, close, fields added later) is inherited.
  const wrapped = Object.create(provider) as Record<string, unknown>;
  for (const name of CALLS) {
    const call = provider[name] as ((request: unknown, context: ProviderCallContext) => Promise<unknown>) | undefined;
    if (call === undefined) continue;
    wrapped[name] = async (request: unknown, context: ProviderCallContext) => {
      await gate(context.requestId);
      return call.call(provider, request, context);
    };
  }
  return wrapped as unknown as Provider;
}

/** Wrap every provider of a catalogue with {@link admitBeforeUpstream}. */
export function admitProvidersBeforeUpstream(providers: ReadonlyMap<string, Provider>, gate: AdmissionGate): Map<string, Provider> {
  return new Map([...providers].map(([id, p]) => [id, admitBeforeUpstream(p, gate)]));
}

import { describe, expect, it } from 'vitest';
import { RequestActivity } from '../gateway/request-activity.js';
import { GatewayMetrics } from './gateway-metrics.js';

function metrics(): GatewayMetrics {
  return new GatewayMetrics({
    activity: new RequestActivity(),
    admission: { inFlight: 0, admittedTotal: 0 },
    requestLogQueue: () => 0,
    settlement: () => ({ drainedAt: null, lastPassEvents: 0 }),
    now: Date.now,
  });
}

describe('tf_gateway_stored_responses_expired_total', () => {
  it('should start at 0 and add up what each retention sweep deleted', async () => {
    const m = metrics();
    expect(await m.render()).toMatch(/^tf_gateway_stored_responses_expired_total 0$/m);
    m.countExpiredResponses(100);
    m.countExpiredResponses(37);
    expect(await m.render()).toMatch(/^tf_gateway_stored_responses_expired_total 137$/m);
  });
});

import { describe, expect, it } from 'vitest';
import { loadServerConfig, SECRET_SETTINGS } from '../config/server-config.js';

const BASE = ['--demo'];

describe('payment settings (loadServerConfig)', () => {
  it('should default to the manual provider with no Stripe settings', () => {
    const config = loadServerConfig(BASE, {});
    expect(config).toMatchObject({ paymentsProvider: 'manual', manualPaymentInstructions: null, stripeSecretKey: null, stripeWebhookSecret: null, stripeApiBase: null });
  });

  it('should read the Stripe settings and keep the secrets out of logs', () => {
    const config = loadServerConfig(BASE, {
      TF_PAYMENTS_PROVIDER: 'stripe', TF_STRIPE_SECRET_KEY: 'sk_test_1', TF_STRIPE_WEBHOOK_SECRET: 'whsec_1', TF_STRIPE_API_BASE: 'http://127.0.0.1:12111',
      TF_MANUAL_PAYMENT_INSTRUCTIONS: 'IBAN DE00',
    });
    expect(config).toMatchObject({ paymentsProvider: 'stripe', stripeSecretKey: 'sk_test_1', stripeWebhookSecret: 'whsec_1', stripeApiBase: 'http://127.0.0.1:12111', manualPaymentInstructions: 'IBAN DE00' });
    expect(SECRET_SETTINGS).toEqual(expect.arrayContaining(['stripeSecretKey', 'stripeWebhookSecret']));
  });

  it('should refuse stripe without both secrets, and unknown providers', () => {
    expect(() => loadServerConfig(BASE, { TF_PAYMENTS_PROVIDER: 'stripe', TF_STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/TF_STRIPE_WEBHOOK_SECRET/);
    expect(() => loadServerConfig(BASE, { TF_PAYMENTS_PROVIDER: 'paypal' })).toThrow(/paymentsProvider/);
    expect(() => loadServerConfig(BASE, { TF_STRIPE_API_BASE: 'ftp://x' })).toThrow(/stripeApiBase/);
  });
});

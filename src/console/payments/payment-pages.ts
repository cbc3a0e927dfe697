import type { FastifyInstance } from 'fastify';
import { renderTopUpPage, escapeHtml } from '../../payments/manual/render-top-up-page.js';
import { getPayment } from '../../payments/payment-repository.js';
import { readStripeEvent } from '../../payments/stripe/read-stripe-event.js';
import type { ConsoleContext } from '../internal/console-context.js';
import { consoleErrorHandler } from '../internal/error-envelope.js';
import { applyStripeEvent } from './stripe-webhook.js';

const PAYMENT_ID = /^pay_[0-9a-z]{1,40}$/;

/**
 * Routes of payments outside `/api`, each in its own encapsulated scope: the top-up page that a
 * `checkout_url` opens (`GET /console/top-ups/:paymentId`, server-rendered, needs no sign-in: the
 * unguessable payment id is the link) and, when Stripe is configured, `POST /webhooks/stripe`,
 * which reads its body as raw bytes because the signature covers the exact bytes sent.
 */
export async function registerPaymentPages(app: FastifyInstance, ctx: ConsoleContext): Promise<void> {
  await app.register(async (scope) => {
    scope.get<{ Params: { paymentId: string } }>('/console/top-ups/:paymentId', async (request, reply) => {
      const id = request.params.paymentId;
      const payment = PAYMENT_ID.test(id) ? await getPayment(ctx.db, id) : null;
      void reply
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .type('text/html; charset=utf-8');
      if (payment === null) return reply.code(404).send(`<!doctype html><title>Not found</title><p>No top-up ${escapeHtml(id)}.</p>\n`);
      return reply.send(renderTopUpPage(payment, ctx.payments.manualInstructions));
    });
  });
  const secret = ctx.payments.stripeWebhookSecret;
  if (secret === null) return;
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));
    scope.setErrorHandler(consoleErrorHandler);
    scope.post('/webhooks/stripe', async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers['stripe-signature'];
      const action = await readStripeEvent(raw, typeof header === 'string' ? header : undefined, secret);
      const outcome = await applyStripeEvent(ctx.db, action, ctx.now(), request.log);
      request.log.info({ outcome }, 'stripe webhook');
      return reply.code(200).send({ received: true });
    });
  });
}

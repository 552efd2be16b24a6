import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { checkoutInputSchema, verifySessionInputSchema } from '@doublecast/common/billing';
import type { AppContext } from '../../app-context';
import { requireUser } from '../../http/auth-guard';
import { rateLimiter } from '../../http/rate-limit';
import {
  cancelSubscription,
  cancelTestCheckout,
  createBilling,
  createCheckout,
  createPortalSession,
  describeSubscription,
  getTestCheckout,
  handleStripeEvent,
  payTestCheckout,
  verifyCheckoutSession,
  verifyStripeEvent,
} from './billing.service';

const sessionParamsSchema = z.object({ id: z.string().min(1).max(255) });

/**
 * Plans, checkout, subscription state and the Stripe webhook. The webhook (at
 * STRIPE_WEBHOOK_PATH in app.ts, exempt from the CSRF guard) lives in its own child plugin whose
 * body parser keeps the raw bytes, because Stripe signs the body exactly as sent.
 */
export function billingRoutes(ctx: AppContext): FastifyPluginAsync {
  const billing = createBilling(ctx);
  return async (app) => {
    const checkoutLimiter = rateLimiter(app, 'checkout');
    app.post('/checkout', { bodyLimit: 4 * 1024 }, async (request) => {
      const user = await requireUser(ctx.auth, request);
      const input = checkoutInputSchema.parse(request.body ?? {});
      await checkoutLimiter.hit(request, `user:${user.id}`);
      return createCheckout(billing, {
        userId: user.id,
        email: user.email,
        plan: input.plan as 'monthly' | 'annual',
      });
    });

    app.post('/verify-session', { bodyLimit: 4 * 1024 }, async (request) => {
      const user = await requireUser(ctx.auth, request);
      const input = verifySessionInputSchema.parse(request.body ?? {});
      return verifyCheckoutSession(billing, { userId: user.id, sessionId: input.sessionId });
    });

    app.get('/subscription', async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const user = await requireUser(ctx.auth, request);
      return describeSubscription(billing, { userId: user.id });
    });

    app.post('/subscription/cancel', async (request) => {
      const user = await requireUser(ctx.auth, request);
      return cancelSubscription(billing, { userId: user.id });
    });

    app.post('/billing-portal', async (request) => {
      const user = await requireUser(ctx.auth, request);
      return createPortalSession(billing, { userId: user.id });
    });

    app.get('/test-checkout/:id', async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const user = await requireUser(ctx.auth, request);
      const { id } = sessionParamsSchema.parse(request.params);
      return getTestCheckout(billing, { userId: user.id, sessionId: id });
    });

    app.post('/test-checkout/:id/pay', async (request) => {
      const user = await requireUser(ctx.auth, request);
      const { id } = sessionParamsSchema.parse(request.params);
      return payTestCheckout(billing, { userId: user.id, sessionId: id });
    });

    app.post('/test-checkout/:id/cancel', async (request) => {
      const user = await requireUser(ctx.auth, request);
      const { id } = sessionParamsSchema.parse(request.params);
      return cancelTestCheckout(billing, { userId: user.id, sessionId: id });
    });

    await app.register(async (webhook) => {
      webhook.removeAllContentTypeParsers();
      webhook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
        done(null, body),
      );
      webhook.post('/webhooks/stripe', { bodyLimit: 512 * 1024 }, async (request, reply) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['stripe-signature'];
        const event = verifyStripeEvent(
          billing,
          raw,
          typeof signature === 'string' ? signature : undefined,
        );
        const result = await handleStripeEvent(billing, event);
        return reply.status(200).send({ received: true, result });
      });
    });
  };
}

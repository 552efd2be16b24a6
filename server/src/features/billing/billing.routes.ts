import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkoutInputSchema,
  redirectResponseSchema,
  subscriptionStatusSchema,
  testCheckoutSchema,
  verifySessionInputSchema,
  verifySessionResponseSchema,
} from '@doublecast/common/billing';
import type { AppContext } from '../../app-context';
import { requireUser, signedInOnly } from '../../http/auth-guard';
import { errorResponses } from '../../http/openapi';
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

const webhookResultSchema = z.object({
  received: z.literal(true),
  result: z.enum(['applied', 'duplicate', 'stale', 'unknown-user', 'ignored']),
});

/**
 * Plans, checkout, subscription state and the Stripe webhook. The webhook (at
 * STRIPE_WEBHOOK_PATH in app.ts, exempt from the CSRF guard) lives in its own child plugin whose
 * body parser keeps the raw bytes, because Stripe signs the body exactly as sent: its body is
 * described, not validated by a schema (the signature check is its validation).
 */
export function billingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const billing = createBilling(ctx);
  return async (app) => {
    const checkoutLimiter = rateLimiter(app, 'checkout');
    const signedIn = signedInOnly(ctx.auth);
    app.post(
      '/checkout',
      {
        bodyLimit: 4 * 1024,
        onRequest: signedIn,
        schema: {
          body: checkoutInputSchema,
          response: {
            200: redirectResponseSchema,
            ...errorResponses(400, 401, 409, 429, 503),
          },
        },
      },
      async (request) => {
        const user = await requireUser(ctx.auth, request);
        await checkoutLimiter.hit(request, `user:${user.id}`);
        return createCheckout(billing, {
          userId: user.id,
          email: user.email,
          plan: request.body.plan as 'monthly' | 'annual',
        });
      },
    );

    app.post(
      '/verify-session',
      {
        bodyLimit: 4 * 1024,
        onRequest: signedIn,
        schema: {
          body: verifySessionInputSchema,
          response: { 200: verifySessionResponseSchema, ...errorResponses(400, 401, 404, 503) },
        },
      },
      async (request) => {
        const user = await requireUser(ctx.auth, request);
        return verifyCheckoutSession(billing, {
          userId: user.id,
          sessionId: request.body.sessionId,
        });
      },
    );

    app.get(
      '/subscription',
      { schema: { response: { 200: subscriptionStatusSchema, ...errorResponses(401) } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const user = await requireUser(ctx.auth, request);
        return describeSubscription(billing, { userId: user.id });
      },
    );

    app.post(
      '/subscription/cancel',
      {
        schema: {
          response: { 200: subscriptionStatusSchema, ...errorResponses(401, 409, 503) },
        },
      },
      async (request) => {
        const user = await requireUser(ctx.auth, request);
        return cancelSubscription(billing, { userId: user.id });
      },
    );

    app.post(
      '/billing-portal',
      {
        schema: {
          response: { 200: redirectResponseSchema, ...errorResponses(401, 404, 409, 503) },
        },
      },
      async (request) => {
        const user = await requireUser(ctx.auth, request);
        return createPortalSession(billing, { userId: user.id });
      },
    );

    app.get(
      '/test-checkout/:id',
      {
        onRequest: signedIn,
        schema: {
          params: sessionParamsSchema,
          response: { 200: testCheckoutSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const user = await requireUser(ctx.auth, request);
        return getTestCheckout(billing, { userId: user.id, sessionId: request.params.id });
      },
    );

    const testCheckoutAction = {
      onRequest: signedIn,
      schema: {
        params: sessionParamsSchema,
        response: { 200: redirectResponseSchema, ...errorResponses(400, 401, 404, 409) },
      },
    };
    app.post('/test-checkout/:id/pay', testCheckoutAction, async (request) => {
      const user = await requireUser(ctx.auth, request);
      return payTestCheckout(billing, { userId: user.id, sessionId: request.params.id });
    });

    app.post('/test-checkout/:id/cancel', testCheckoutAction, async (request) => {
      const user = await requireUser(ctx.auth, request);
      return cancelTestCheckout(billing, { userId: user.id, sessionId: request.params.id });
    });

    await app.register(async (webhook) => {
      webhook.removeAllContentTypeParsers();
      webhook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
        done(null, body),
      );
      webhook.post(
        '/webhooks/stripe',
        {
          bodyLimit: 512 * 1024,
          schema: {
            description:
              'Stripe event delivery. The body is the event exactly as Stripe sent it (kept as raw bytes, any content type); the Stripe-Signature header is its validation.',
            headers: z.looseObject({ 'stripe-signature': z.string().optional() }),
            response: { 200: webhookResultSchema, ...errorResponses(400, 404) },
          },
        },
        async (request, reply) => {
          const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          const signature = request.headers['stripe-signature'];
          const event = verifyStripeEvent(
            billing,
            raw,
            typeof signature === 'string' ? signature : undefined,
          );
          const result = await handleStripeEvent(billing, event);
          return reply.status(200).send({ received: true, result });
        },
      );
    });
  };
}

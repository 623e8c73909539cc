import Stripe from "stripe";
import { AppError, badRequest } from "~/domain/errors";
import type { PlanId } from "~/domain/tiers";
import { WEBHOOK_TOLERANCE_SECONDS, type StripeConfig } from "./config";

export interface CheckoutRequest {
  customerId: string;
  userId: string;
  plan: PlanId;
  successUrl: string;
  cancelUrl: string;
}

export interface PlanChangeRequest {
  customerId: string;
  subscriptionId: string;
  itemId: string;
  plan: PlanId;
  successUrl: string;
  cancelUrl: string;
}

/** The Stripe calls billing makes, behind one small interface (tests point it at tests/fakes/stripe-api.ts). */
export interface StripeGateway {
  /** Our user's Stripe customer; the idempotency key makes two concurrent first checkouts share one. */
  createCustomer(user: { id: string; name: string; email: string }): Promise<string>;
  /** A Checkout Session for a monthly subscription to `plan`; its URL. */
  createCheckoutSession(request: CheckoutRequest): Promise<string>;
  /** The customer portal, straight at confirming a switch of the subscription's item to `plan`; its URL. */
  createPlanChangeSession(request: PlanChangeRequest): Promise<string>;
  /** The customer portal (cards, invoices, cancel); its URL. */
  createPortalSession(customerId: string, returnUrl: string): Promise<string>;
  /** The event behind a webhook delivery; a 400 unless signed with our secret within the tolerance. */
  verifyEvent(rawBody: string, signature: string | null): Promise<Stripe.Event>;
}

function stripeClient(config: StripeConfig) {
  const api = config.apiUrl;
  return new Stripe(config.secretKey, {
    // Workers have fetch, not Node's http module.
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 1,
    timeout: 15_000,
    telemetry: false,
    appInfo: { name: "Cueboard" },
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === "http:" ? 80 : 443),
          protocol: api.protocol === "http:" ? ("http" as const) : ("https" as const),
        }
      : {}),
  });
}

/** A Stripe API failure as a 502 whose log names the error type and code only (messages can carry ids and emails). */
async function callStripe<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    console.error(`stripe ${what} failed: ${error.type}${error.code ? ` (${error.code})` : ""}`);
    throw new AppError("upstream", "The payment provider did not answer as expected. Please try again.");
  }
}

function requireUrl(url: string | null | undefined, what: string) {
  if (!url) throw new AppError("upstream", `The payment provider returned no ${what} address. Please try again.`);
  return url;
}

export function createStripeGateway(config: StripeConfig): StripeGateway {
  const stripe = stripeClient(config);
  const cryptoProvider = Stripe.createSubtleCryptoProvider();
  return {
    createCustomer: (user) =>
      callStripe("customer", async () => {
        const customer = await stripe.customers.create(
          { name: user.name, email: user.email, metadata: { userId: user.id } },
          { idempotencyKey: `cueboard-customer-${user.id}` },
        );
        return customer.id;
      }),

    createCheckoutSession: ({ customerId, userId, plan, successUrl, cancelUrl }) =>
      callStripe("checkout session", async () => {
        const metadata = { userId, tier: plan };
        const session = await stripe.checkout.sessions.create({
          mode: "subscription",
          customer: customerId,
          client_reference_id: userId,
          line_items: [{ price: config.prices[plan], quantity: 1 }],
          success_url: successUrl,
          cancel_url: cancelUrl,
          metadata,
          // Subscription events then name the user and plan too, whichever arrives first.
          subscription_data: { metadata },
        });
        return requireUrl(session.url, "checkout");
      }),

    createPlanChangeSession: ({ customerId, subscriptionId, itemId, plan, successUrl, cancelUrl }) =>
      callStripe("plan change session", async () => {
        const session = await stripe.billingPortal.sessions.create({
          customer: customerId,
          return_url: cancelUrl,
          flow_data: {
            type: "subscription_update_confirm",
            subscription_update_confirm: {
              subscription: subscriptionId,
              items: [{ id: itemId, price: config.prices[plan], quantity: 1 }],
            },
            after_completion: { type: "redirect", redirect: { return_url: successUrl } },
          },
        });
        return requireUrl(session.url, "portal");
      }),

    createPortalSession: (customerId, returnUrl) =>
      callStripe("portal session", async () => {
        const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
        return requireUrl(session.url, "portal");
      }),

    async verifyEvent(rawBody, signature) {
      if (!signature) throw badRequest("Missing Stripe-Signature header");
      try {
        return await stripe.webhooks.constructEventAsync(
          rawBody,
          signature,
          config.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
          cryptoProvider,
        );
      } catch {
        // Unsigned, tampered, signed with another secret, or older than the tolerance: all the same to the sender.
        throw badRequest("Invalid Stripe signature");
      }
    },
  };
}

import { AppError } from "~/domain/errors";
import type { PlanPrices } from "./events";

/** Billing's settings, all from the environment; without every one of them billing is off (503). */
export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  prices: PlanPrices;
  /** `STRIPE_API_URL`: a local fake's base URL in tests; Stripe's own API otherwise. */
  apiUrl: URL | null;
}

/** Seconds a webhook signature stays valid: Stripe's default tolerance, our replay window. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export function readStripeConfig(env: Env): StripeConfig | null {
  const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_BASIC, STRIPE_PRICE_PREMIUM, STRIPE_API_URL } = env;
  if (!STRIPE_SECRET_KEY || !STRIPE_WEBHOOK_SECRET || !STRIPE_PRICE_BASIC || !STRIPE_PRICE_PREMIUM) return null;
  let apiUrl: URL | null = null;
  if (STRIPE_API_URL) {
    try {
      apiUrl = new URL(STRIPE_API_URL);
    } catch {
      // A typo here must not take every page down (the root loader reads this): billing is off instead.
      console.error("STRIPE_API_URL is not a URL; billing is off");
      return null;
    }
  }
  return {
    secretKey: STRIPE_SECRET_KEY,
    webhookSecret: STRIPE_WEBHOOK_SECRET,
    prices: { basic: STRIPE_PRICE_BASIC, premium: STRIPE_PRICE_PREMIUM },
    apiUrl,
  };
}

export const billingNotConfigured = () => new AppError("not_configured", "Billing is not configured");


import { z } from "zod";
import { PLAN_IDS, type PlanId } from "./tiers";

const returnUrl = (label: string) =>
  z
    .string({ required_error: `${label} is required`, invalid_type_error: `${label} must be text` })
    .trim()
    .max(2000, `${label} must be at most 2000 characters`)
    .url(`${label} must be an absolute URL`);

/** `POST /api/billing/checkout-session` (the spec's body); the URLs must also be on our origin (checked with it). */
export const checkoutSessionSchema = z.object({
  tier: z.enum(PLAN_IDS as [PlanId, ...PlanId[]], {
    errorMap: () => ({ message: "Choose a plan: basic or premium" }),
  }),
  successUrl: returnUrl("Success URL"),
  cancelUrl: returnUrl("Cancel URL"),
});
export type CheckoutSessionInput = z.infer<typeof checkoutSessionSchema>;

/** `POST /api/billing/portal`: where the portal's "Return" goes (our dashboard unless given). */
export const portalSessionSchema = z.object({ returnUrl: returnUrl("Return URL").optional() });

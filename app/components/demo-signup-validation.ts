import { parseWithZod } from "@conform-to/zod";
import { demoSignupSchema } from "~/domain/schemas";

/**
 * The demo signup form's client-side check: the action's schema, loaded when a field of the form first takes focus,
 * so the landing page does not load zod and Conform's zod adapter with the page (app/components/demo-signup-card.tsx).
 */
export const validateDemoSignup = ({ formData }: { formData: FormData }) =>
  parseWithZod(formData, { schema: demoSignupSchema });

import { useActionData } from "@remix-run/react";
import { Landing } from "~/components/landing";
import { demoSignupSchema, type DemoSignupInput } from "~/domain/schemas";
import { sessionCookie } from "~/http/auth.server";
import { intent, publicPageAction } from "~/http/page-action.server";
import { clientAddressKey, enforceRateLimit, passRetryAfter } from "~/lib/rate-limit.server";
import { signUpDemo } from "~/services/auth.server";
import type { Ctx } from "~/services/context.server";

export const headers = passRetryAfter;

/**
 * The demo signup form posts here (intent `signup`) from every page that shows the landing component.
 * Without JavaScript a successful signup is a 303 to the dashboard; a fetcher gets `{ ok: true }` and the
 * form shows the welcome screen before it moves on.
 */
export const action = publicPageAction({
  signup: intent({
    schema: demoSignupSchema,
    errors: "form",
    failed: "Failed to sign up. Please try again.",
    run: async ({ ctx, value, request }: { ctx: Ctx; value: DemoSignupInput; request: Request }) => {
      await enforceRateLimit(ctx.env, "demoSignup", clientAddressKey(request));
      const { token } = await signUpDemo(ctx, { signup: value, source: "landing" });
      return { redirectTo: "/dashboard", headers: { "Set-Cookie": sessionCookie(request, token) }, resetForm: false };
    },
  }),
});

export default function LandingRoute() {
  const actionData = useActionData<typeof action>();
  return <Landing signupResult={actionData?.result} />;
}

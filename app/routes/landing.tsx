import { parseWithZod } from "@conform-to/zod";
import { statusOf, messageOf, retryAfterHeaders } from "~/http/errors.server";
import { data, redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { useActionData } from "@remix-run/react";
import { Landing } from "~/components/landing";
import { AppError } from "~/domain/errors";
import { demoSignupSchema } from "~/domain/schemas";

import { errorSummary } from "~/lib/log";
import { assertPageSameOrigin, isDocumentRequest } from "~/http/auth.server";
import { clientAddressKey, enforceRateLimit, passRetryAfter } from "~/lib/rate-limit.server";
import { signUpDemo } from "~/services/auth.server";
import { sessionCookie } from "~/http/auth.server";

export const headers = passRetryAfter;

/**
 * The demo signup form posts here (intent `signup`) from every page that shows the landing component.
 * Without JavaScript a successful signup is a 303 to the dashboard; a fetcher gets `{ ok: true }` and the
 * form shows the welcome screen before it moves on.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  assertPageSameOrigin(request);
  const formData = await request.formData();
  if (formData.get("intent") !== "signup") throw new Response("Unknown form", { status: 400 });

  const submission = parseWithZod(formData, { schema: demoSignupSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), ok: false }, { status: 400 });
  }
  let token: string;
  try {
    await enforceRateLimit(context.env, "demoSignup", clientAddressKey(request));
    ({ token } = await signUpDemo(context, { signup: submission.value, source: "landing" }));
  } catch (error) {
    if (error instanceof AppError) {
      return data(
        { result: submission.reply({ formErrors: [messageOf(error)] }), ok: false },
        { status: statusOf(error), headers: retryAfterHeaders(error) },
      );
    }
    console.error(`demo signup failed: ${errorSummary(error)}`);
    return data(
      { result: submission.reply({ formErrors: ["Failed to sign up. Please try again."] }), ok: false },
      { status: 500 },
    );
  }
  const headers = { "Set-Cookie": sessionCookie(request, token) };
  if (isDocumentRequest(request)) throw redirect("/dashboard", { status: 303, headers });
  return data({ result: submission.reply(), ok: true }, { headers });
}

export default function LandingRoute() {
  const actionData = useActionData<typeof action>();
  return <Landing signupResult={actionData?.result} />;
}

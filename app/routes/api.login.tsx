import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { statusOf, retryAfterHeaders } from "~/http/errors.server";
import { useLoaderData } from "@remix-run/react";
import { SignInNotice } from "~/components/sign-in-notice";
import { safeRedirectPath } from "~/domain/redirect";
import { AppError } from "~/domain/errors";
import { startSignIn } from "~/http/sign-in.server";
import { readOidcConfig } from "~/integrations/identity/oidc";

import { errorSummary } from "~/lib/log";
import { pageMeta } from "~/lib/meta";
import { clientAddressKey, enforceRateLimit, passRetryAfter } from "~/lib/rate-limit.server";

export const meta: MetaFunction = () => pageMeta("Sign In");

export const headers = passRetryAfter;

/**
 * The spec's browser navigation to sign in: off to the identity provider (authorization code, PKCE, state,
 * nonce), back at /auth/callback, then on to `redirect` when it is a same-origin path (else the dashboard).
 * Without provider settings the page says sign-in is not configured (503); demo mode is unaffected. Starts are
 * counted per client address; past the abuse limit the page says so (429).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const config = readOidcConfig(context.env);
  const noStore = { "Cache-Control": "no-store" };
  if (!config) return data({ problem: "not-configured" as const }, { status: 503, headers: noStore });
  try {
    await enforceRateLimit(context.env, "signIn", clientAddressKey(request));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data(
      { problem: "rate-limited" as const },
      { status: statusOf(error), headers: { ...noStore, ...retryAfterHeaders(error) } },
    );
  }
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirect"));
  let toProvider: Response;
  try {
    toProvider = await startSignIn(request, config, redirectTo);
  } catch (error) {
    console.error(`sign-in start failed: ${errorSummary(error)}`);
    return data({ problem: "unavailable" as const }, { status: 503, headers: noStore });
  }
  throw toProvider;
}

export default function LoginRoute() {
  const { problem } = useLoaderData<typeof loader>();
  return <SignInNotice problem={problem} />;
}

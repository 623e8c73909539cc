import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { SignInNotice } from "~/components/sign-in-notice";
import { safeRedirectPath } from "~/domain/redirect";
import { clearSignInCookies, finishSignIn } from "~/http/sign-in.server";
import { readOidcConfig, SignInError } from "~/integrations/identity/oidc";
import { errorSummary } from "~/lib/log";
import { pageMeta } from "~/lib/meta";
import { authenticate, sessionCookie } from "~/http/auth.server";
import { signInIdentity } from "~/services/identity.server";

export const meta: MetaFunction = () => pageMeta("Sign In");

/**
 * Where the identity provider sends the browser back. A verified sign-in opens a session (ending the one held
 * before) and goes on to the saved `redirect`, by way of the demo-import offer when there is one.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const cookie of clearSignInCookies(request)) headers.append("Set-Cookie", cookie);
  const config = readOidcConfig(context.env);
  if (!config) return data({ problem: "not-configured" as const }, { status: 503, headers });

  let signIn: Awaited<ReturnType<typeof finishSignIn>>;
  try {
    signIn = await finishSignIn(request, config);
  } catch (error) {
    if (!(error instanceof SignInError)) throw error;
    // The check's code and the error's class only: what the provider or the URL sent (emails, tokens) stays out.
    console.error(`sign-in ${error.reason}: ${errorSummary(error)}`);
    return data({ problem: error.reason }, { status: 400, headers });
  }

  const previous = await authenticate(request, context);
  const { token, importOffered } = await signInIdentity(context, { profile: signIn.profile, previous });
  const target = safeRedirectPath(signIn.redirectTo);
  headers.append("Set-Cookie", sessionCookie(request, token));
  return redirect(importOffered ? `/import-demo?redirect=${encodeURIComponent(target)}` : target, { headers });
}

export default function AuthCallbackRoute() {
  const { problem } = useLoaderData<typeof loader>();
  return <SignInNotice problem={problem} />;
}

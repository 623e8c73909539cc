import type { SignInFailure } from "~/integrations/identity/oidc";
import { NoticePage } from "./notice-page";
import { buttonVariants } from "./ui/button";

export type SignInProblem = "not-configured" | "unavailable" | "rate-limited" | SignInFailure;

const copy: Record<SignInProblem, { title: string; text: string }> = {
  "not-configured": {
    title: "Sign-in is not configured on this server",
    text: "This Cueboard server has no identity provider set up, so accounts cannot sign in here. You can still try everything in a free demo workspace.",
  },
  unavailable: {
    title: "Sign-in is unavailable right now",
    text: "We could not reach the identity provider. Please try again in a moment; demo workspaces keep working meanwhile.",
  },
  "rate-limited": {
    title: "Too many sign-in attempts",
    text: "Sign-in has been started very often from your network in the last minute. Please wait a minute and try again.",
  },
  cancelled: {
    title: "Sign-in was cancelled",
    text: "You did not finish signing in with the identity provider, so nothing has changed.",
  },
  expired: {
    title: "This sign-in has expired",
    text: "Signing in has to finish within 10 minutes, in the browser it started in. Please start again.",
  },
  failed: {
    title: "Sign-in did not work",
    text: "The identity provider's answer could not be verified, so you have not been signed in. Please try again; if it keeps happening, tell whoever runs this Cueboard server.",
  },
};

/** Why a sign-in did not happen, with the way back (a demo when sign-in is off, another try otherwise). */
export function SignInNotice({ problem }: { problem: SignInProblem }) {
  const { title, text } = copy[problem];
  return (
    <NoticePage
      eyebrow="Sign In"
      title={title}
      actions={
        <>
          {problem === "not-configured" ? (
            <a href="/dashboard#demo" className={buttonVariants()}>
              Start a free demo
            </a>
          ) : (
            <a href="/api/login" className={buttonVariants()}>
              Try again
            </a>
          )}
          <a href="/" className={buttonVariants({ variant: "secondary" })}>
            Back to Cueboard
          </a>
        </>
      }
    >
      <p>{text}</p>
    </NoticePage>
  );
}

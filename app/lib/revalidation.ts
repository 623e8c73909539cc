import type { ShouldRevalidateFunctionArgs } from "@remix-run/react";

/**
 * For routes that show the landing page to signed-out visitors. After a successful demo signup (a
 * fetcher post to /landing) their loaders would now see a session and swap the page for the workspace
 * view under the signup card, cutting its welcome message short. The card loads the dashboard itself.
 */
export function keepLandingAfterSignup({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formAction === "/landing" ? false : defaultShouldRevalidate;
}

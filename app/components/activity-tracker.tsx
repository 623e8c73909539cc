import { useLocation, useMatches } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { trackActivity, trackPageVisit } from "~/lib/activity";

const DASHBOARD_PATHS = new Set(["/", "/dashboard", "/demo"]);

/** Page loaders say `signedIn: true` when they render the workspace rather than the landing page. */
function useSignedIn() {
  return useMatches().some((match) => (match.data as { signedIn?: unknown } | undefined)?.signedIn === true);
}

/**
 * Reports what the CRM counts, from the root of the app: a page visit on every navigation; for signed-in
 * people, a dashboard visit and a Slack connection on returning from Slack's install (`?slack_success`).
 * Renders nothing.
 */
export function ActivityTracker() {
  const location = useLocation();
  const signedIn = useSignedIn();
  const reported = useRef<string | null>(null);

  useEffect(() => {
    if (reported.current === location.key) return;
    reported.current = location.key;
    trackPageVisit(location.pathname);
    if (!signedIn) return;
    if (DASHBOARD_PATHS.has(location.pathname)) trackActivity("dashboard_visit");
    const params = new URLSearchParams(location.search);
    if (params.has("slack_success")) {
      trackActivity("slack_connected", { team: params.get("team")?.slice(0, 100) ?? null });
    }
  }, [location, signedIn]);

  return null;
}

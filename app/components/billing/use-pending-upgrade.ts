import { useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { useToast } from "~/components/toaster";
import { upgradeRecorded } from "~/domain/billing";
import type { PlanId } from "~/domain/tiers";
import { callApi } from "~/lib/api-client";
import { UPGRADE_PENDING, UPGRADE_SUCCESSFUL, withoutNoticeParams } from "~/lib/query-notice";

const POLL_MS = 1000;
const POLLS = 20;

/**
 * After checkout the browser can be back before Stripe's webhook: polls `GET /api/billing/status` briefly until
 * a webhook has recorded the plan paid for (`recentUpgrade`), then says 'Upgrade Successful'. If Stripe is slower than that, says the
 * payment is still being confirmed. Either way the return's values leave the address, which reloads the page's
 * data (limits, gates, the plan badge: see the dashboard's shouldRevalidate).
 */
export function usePendingUpgrade(plan: PlanId | null) {
  const toast = useToast();
  const navigate = useNavigate();

  useEffect(() => {
    if (!plan) return;
    let stopped = false;
    const finish = (confirmed: boolean) => {
      toast(confirmed ? UPGRADE_SUCCESSFUL : UPGRADE_PENDING);
      navigate(withoutNoticeParams(new URL(window.location.href)), { replace: true, preventScrollReset: true });
    };
    void (async () => {
      for (let poll = 0; poll < POLLS; poll += 1) {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        if (stopped) return;
        const status = await callApi<{ recentUpgrade: PlanId | null }>("GET", "/api/billing/status");
        if (stopped) return;
        if (status.ok && upgradeRecorded(status.data.recentUpgrade, plan)) return finish(true);
      }
      finish(false);
    })();
    return () => {
      stopped = true;
    };
    // Once per return from checkout; the helpers above are stable for the page's life.
  }, [plan]);
}

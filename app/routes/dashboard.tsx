import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useActionData, useLoaderData, type ShouldRevalidateFunctionArgs } from "@remix-run/react";
import { DashboardPage, MORE_TASKS, RECENT_TASKS } from "~/components/dashboard/dashboard-page";
import { SignedOutLanding } from "~/components/signed-out-landing";
import { formatEventDate, supportedTimezones, todayIn } from "~/domain/dates";
import { eventSettingsSchema } from "~/domain/schemas";
import { hasFeature } from "~/domain/tiers";
import { getShellPageAuth, shellUserOnce } from "~/http/auth.server";
import { clockGrain, localDay, pageCachingHeaders, pageDataRead, throwIfCurrent } from "~/http/conditional.server";
import { intent, pageAction } from "~/http/page-action.server";
import { clearConfirmationCookie, hasConfirmation } from "~/http/toast.server";
import { pageMeta } from "~/lib/meta";
import { checkoutReturnPlan, queryNotice, UPGRADE_SUCCESSFUL, withoutNoticeParams } from "~/lib/query-notice";
import { keepLandingAfterSignup } from "~/lib/revalidation";
import { readTaskFilters } from "~/lib/task-filters.server";
import { checkUpgradeReturn } from "~/services/billing.server";
import { readTogether, withActor, type ActorCtx } from "~/services/context.server";
import { getDashboard, getMyDay } from "~/services/dashboard.server";
import { getPlan, getPlanOverview } from "~/services/planning.server";
import { getSlackOverview } from "~/services/slack/overview.server";
import { toWorkspaceSettingsDto, updateWorkspaceSettings } from "~/services/workspace.server";
import { action as tasksAction } from "./tasks";

/**
 * `/`, `/dashboard` and `/demo` all render this module (see vite.config.ts): the dashboard when signed
 * in, the landing page otherwise.
 */
export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.signedIn ? "Dashboard" : null);

/**
 * Removing the one-time notice values from the address (after their toast) changes nothing the loader reads,
 * so it does not reload the page; except after checkout, when the plan (limits, gates) has changed meanwhile.
 */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  const { currentUrl, nextUrl, formMethod } = args;
  const onlyNoticeRemoved =
    !formMethod &&
    currentUrl.search !== nextUrl.search &&
    currentUrl.searchParams.get("upgrade") !== "success" &&
    withoutNoticeParams(currentUrl) === withoutNoticeParams(nextUrl);
  return onlyNoticeRemoved ? false : keepLandingAfterSignup(args);
}

const FILTER_KEYS = ["priority", "category", "assignee", "mine"] as const;

export const headers = pageCachingHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await getShellPageAuth(request, context);
  if (!auth) return data({ signedIn: false as const });
  const url = new URL(request.url);
  const params = url.searchParams;
  const filters = readTaskFilters(params, FILTER_KEYS);
  const more = params.get("more") === "1";
  const panel = params.get("settings") === "1" ? ("settings" as const) : null;
  const { now } = context;
  const ctx = withActor(context, auth);
  // The shell's caller is read with the page's data (one round trip), or first when the request asks if its copy is
  // current.
  const shell = shellUserOnce(auth);
  const slackInstalled = hasConfirmation(request, "slack_installed", auth.workspace.id);
  const upgradePlan = checkoutReturnPlan(params);
  // A client navigation's data is reused while the version (tasks, lists, members, Slack), the caller and the query
  // hold, with the shell's caller (unread count included), the local day and the clock's grain: the planning cards
  // and "What needs me today" are measured from now, and `now` only seeds the countdown, which the browser sets from
  // the live clock at once. Not reused when it clears a one-time cookie or waits on a checkout (billing rows).
  const cached =
    slackInstalled || upgradePlan ? null : pageDataRead(ctx, request, [shell, localDay(ctx), clockGrain(ctx)]);
  await throwIfCurrent(cached);
  // One D1 round trip for all three (a changed plan reads its tasks after); the planning cards and "What needs me
  // today" share one load of the plan.
  const [dashboard, slack, loaded, shellCaller] = await readTogether(ctx, () => [
    getDashboard(ctx, { filters, limit: more ? MORE_TASKS : RECENT_TASKS }),
    getSlackOverview(ctx, url.origin),
    getPlan(ctx),
    shell(),
  ]);
  const [plan, myDay] = await Promise.all([getPlanOverview(ctx, loaded), getMyDay(ctx, loaded)]);
  const headers = new Headers(await cached?.headers());
  if (slackInstalled) headers.append("Set-Cookie", clearConfirmationCookie(request));
  const upgrade = upgradePlan && (await checkUpgradeReturn(ctx, { plan: upgradePlan }));
  return data(
    {
      signedIn: true as const,
      user: shellCaller,
      tier: auth.plan.tier,
      plan,
      myDay,
      aiTasks: hasFeature(auth.plan.tier, "aiTasks"),
      ...dashboard,
      filters,
      more,
      today: todayIn(auth.workspace.timezone, now),
      now: now.getTime(),
      settings: toWorkspaceSettingsDto(auth.workspace),
      slack,
      panel,
      // The inline (no-JavaScript) settings form lists the server's zones; the dialog uses the browser's.
      timezones: panel === "settings" ? supportedTimezones() : null,
      // Back from checkout: success once a webhook recorded the plan; before that the page waits for it.
      pendingUpgrade: upgrade === "pending" ? upgradePlan : null,
      notice:
        upgrade === "confirmed"
          ? UPGRADE_SUCCESSFUL
          : queryNotice(params, { slackInstall: slackInstalled ? { teamName: slack.status.teamName } : null }),
    },
    { headers },
  );
}

/** The settings form: it always sends every field, so one left empty clears it (the API leaves out what stays). */
const settings = intent<ActorCtx, typeof eventSettingsSchema>({
  schema: eventSettingsSchema,
  errors: "form",
  failed: "Failed to save the settings. Please try again.",
  run: async ({ ctx, value, request }) => {
    const { name, eventName = null, eventDate = null, eventTime = null, timezone, assumedEstimateHours, defaultReminders } = value;
    const { eventEndDate = null, loadInDate = null, loadOutDate = null } = value;
    const saved = await updateWorkspaceSettings(ctx, {
      name,
      eventName,
      eventDate,
      eventTime,
      eventEndDate,
      loadInDate,
      loadOutDate,
      timezone,
      assumedEstimateHours,
      defaultReminders,
    });
    const when =
      saved.eventLocalDate && saved.eventLocalTime
        ? `${formatEventDate(saved.eventLocalDate, saved.eventLocalTime)} (${saved.timezone})`
        : `No event date yet; times are in ${saved.timezone}.`;
    const back = new URL(request.url);
    back.searchParams.delete("settings");
    return {
      toast: { title: "Settings Saved", description: saved.eventName ? `${saved.eventName}: ${when}` : when, variant: "success" },
      redirectTo: `${back.pathname}${back.search}`,
    };
  },
});

const settingsAction = pageAction({ settings }, { signedOutTo: "/dashboard" });

/**
 * The settings form posts here (intent `settings`). Every task form on the dashboard (create, add category,
 * status) is the tasks page's: it runs that action, whose plain-form redirects come back to this address.
 */
export async function action(args: ActionFunctionArgs) {
  const intentName = (await args.request.clone().formData()).get("intent");
  return intentName === "settings" ? settingsAction(args) : tasksAction(args);
}

export default function DashboardRoute() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (!loaderData.signedIn) return <SignedOutLanding />;
  const settingsResult = actionData?.intent === "settings" ? actionData.result : undefined;
  return <DashboardPage {...loaderData} settingsResult={settingsResult} />;
}

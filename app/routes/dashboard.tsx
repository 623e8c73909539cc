import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import {
  useActionData,
  useLoaderData,
  type ClientLoaderFunctionArgs,
  type ShouldRevalidateFunctionArgs,
} from "@remix-run/react";
import { DashboardPage, MORE_TASKS, RECENT_TASKS } from "~/components/dashboard/dashboard-page";
import { loadDashboardIslands } from "~/components/dashboard/islands";
import { SignedOutLanding } from "~/components/signed-out-landing";
import { formatEventDate, supportedTimezones, todayIn } from "~/domain/dates";
import { eventSettingsSchema } from "~/domain/schemas";
import { hasFeature } from "~/domain/tiers";
import { getShellPageAuth, shellUser } from "~/http/auth.server";
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
  // One D1 round trip for all three (a changed plan reads its tasks after); the planning cards and "What needs me
  // today" share one load of the plan.
  const [dashboard, slack, loaded] = await readTogether(ctx, () => [
    getDashboard(ctx, { filters, limit: more ? MORE_TASKS : RECENT_TASKS }),
    getSlackOverview(ctx, url.origin),
    getPlan(ctx),
  ]);
  const [plan, myDay] = await Promise.all([getPlanOverview(ctx, loaded), getMyDay(ctx, loaded)]);
  const slackInstalled = hasConfirmation(request, "slack_installed", auth.workspace.id);
  const headers = new Headers();
  if (slackInstalled) headers.append("Set-Cookie", clearConfirmationCookie(request));
  const upgradePlan = checkoutReturnPlan(params);
  const upgrade = upgradePlan && (await checkUpgradeReturn(withActor(context, auth), { plan: upgradePlan }));
  return data(
    {
      signedIn: true as const,
      user: await shellUser(auth),
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

/**
 * In the browser (never the first load, whose data the server sent with the page: `clientLoader.hydrate` is not set):
 * a visit from another page loads the islands' code beside the data, so the page renders them at once instead of
 * their Suspense fallback. A refetch of the page on screen (after a form post, a revalidation) keeps the islands it
 * has, woken or not, and loads nothing. A failed load is left to the islands, which try again when they render.
 * The cost: with a `clientLoader`, Remix fetches this route's data in a request of its own, so a refetch after a form
 * post, when the root reloads too, is two requests instead of one (docs/decisions/023-javascript-budget.md).
 */
export async function clientLoader({ request, serverLoader }: ClientLoaderFunctionArgs) {
  const arriving = new URL(request.url).pathname !== window.location.pathname;
  const islands = arriving ? loadDashboardIslands().catch(() => undefined) : undefined;
  const loaded = await serverLoader<typeof loader>();
  if (loaded.signedIn) await islands;
  return loaded;
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

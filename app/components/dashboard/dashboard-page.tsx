import type { SubmissionResult } from "@conform-to/react";
import { Link, useLocation, useNavigate } from "@remix-run/react";
import { Lock, Plus, Settings, Sparkles } from "lucide-react";
import { lazy, Suspense, useMemo } from "react";
import { AiTaskBox } from "~/components/ai-task-box";
import { AppShell, PageHeader, type ShellUser } from "~/components/app-shell";
import { AssistantBox } from "~/components/assistant-box";
import { PlanningCards } from "~/components/planning-cards";
import { ChatIntegrationCard } from "~/components/slack/chat-integration-card";
import { ShowLiveSlot } from "~/components/show/show-live-slot";
import { UpgradeLink } from "~/components/billing/upgrade-provider";
import { usePendingUpgrade } from "~/components/billing/use-pending-upgrade";
import { FlashBanner } from "~/components/flash";
import type { PlanOverview } from "~/services/planning.server";
import { StatusBanner } from "~/components/status-banner";
import { useToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { MyDay } from "~/domain/my-day";
import type { TaskFilters } from "~/domain/schemas";
import type { TaskStats } from "~/domain/stats";
import { useLiveList, useLiveStats, useLiveWorkspace } from "~/components/live-provider";
import { newestFirst } from "~/domain/tasks";
import { hasFeature, nextPlan, PLANS, taskLimit, taskLimitLabel, taskLimitState, type PlanId, type Tier } from "~/domain/tiers";
import { UPGRADE_PENDING, withoutNoticeParams } from "~/lib/query-notice";
import { filterSearch } from "~/lib/task-filters";
import type { ToastMessage } from "~/lib/toast";
import { useHydrated } from "~/lib/use-hydrated";
import { useLinkDialog } from "~/lib/use-link-dialog";
import { useOpenedOnce } from "~/lib/use-opened-once";
import type { TemplateCard } from "~/services/dashboard.server";
import type { SlackOverview } from "~/services/slack/overview.server";
import type { AssignableMember } from "~/domain/assignees";
import type { TaskDto } from "~/services/task-queries.server";
import type { WorkspaceSettingsDto } from "~/services/workspace.server";
import { NeedsMeCard } from "./needs-me-card";
import { ProjectProgressCard } from "./project-progress-card";
import { RecentTasksCard } from "./recent-tasks-card";
import { StatCards } from "./stat-cards";
import { useOnChange } from "~/lib/use-on-change";
import { useLiveCardData } from "./use-live-card-data";

// The dialogs (Radix Dialog, the Conform form and its zod schema) load on first use, not with the page:
// they are most of the JavaScript the dashboard would otherwise ship. Hovering or focusing a button starts it.
const loadCreateTaskDialog = () => import("~/components/tasks/create-task-dialog");
const CreateTaskDialog = lazy(() => loadCreateTaskDialog().then((m) => ({ default: m.CreateTaskDialog })));
const loadSettingsDialog = () => import("./settings-dialog");
const SettingsDialog = lazy(() => loadSettingsDialog().then((m) => ({ default: m.SettingsDialog })));
// The inline settings panel (`?settings=1`, the page without JavaScript) is rare too; the server renders it in full.
const SettingsForm = lazy(() => import("./settings-form").then((m) => ({ default: m.SettingsForm })));
// The welcome panel shows only while the workspace has no task: a board in use never loads it.
const GettingStarted = lazy(() => import("./getting-started").then((m) => ({ default: m.GettingStarted })));

/** A cue edited on the run of show can make a cue ready or not (its risk in the Risks card). */
const PLAN_CHANGES = ["task", "workspace", "rundown"] as const;

/** Spec: the dashboard lists the newest 3; View More shows up to this many, the tasks page all of them. */
export const RECENT_TASKS = 3;
export const MORE_TASKS = 12;

export interface DashboardPageProps {
  user: ShellUser;
  tier: Tier;
  stats: TaskStats;
  recentTasks: TaskDto[];
  matchingCount: number;
  categories: string[];
  statuses: string[];
  assignees: string[];
  members: AssignableMember[];
  templates: TemplateCard[];
  filters: TaskFilters;
  more: boolean;
  today: string;
  /** The server's clock (epoch ms) when the page was rendered. */
  now: number;
  settings: WorkspaceSettingsDto;
  slack: SlackOverview;
  panel: "settings" | null;
  timezones: string[] | null;
  notice: ToastMessage | null;
  /** Back from checkout, waiting for Stripe to confirm this plan. */
  pendingUpgrade: PlanId | null;
  /** The action's reply to a plain settings post, shown again with its errors and values. */
  settingsResult?: SubmissionResult<string[]>;
  plan: PlanOverview;
  /** The viewer's own overdue, due-today and at-risk tasks. */
  myDay: MyDay;
  aiTasks: boolean;
}

export function DashboardPage(props: DashboardPageProps) {
  const { user, tier, filters, more, panel, notice } = props;
  // Counts, Recent Tasks and the event follow every change in the workspace (other tabs, Slack, the API)
  // through the live socket, in place.
  const stats = useLiveStats(props.stats);
  const settings = useLiveWorkspace(props.settings);
  // The planning cards read every task: a change anywhere reloads the plan from /api/plan.
  const plan = useLiveCardData(props.plan, { url: "/api/plan", changes: PLAN_CHANGES, key: "criticalPath" });
  const loadedRecent = useMemo(
    () => ({ tasks: props.recentTasks, total: props.matchingCount }),
    [props.recentTasks, props.matchingCount],
  );
  const recent = useLiveList(loadedRecent, {
    filters,
    viewerId: user.userId,
    order: newestFirst,
    offset: 0,
    limit: more ? MORE_TASKS : RECENT_TASKS,
  });
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const hydrated = useHydrated();
  const create = useLinkDialog();
  const settingsDialog = useLinkDialog();
  const createMounted = useOpenedOnce(create.open);
  const settingsMounted = useOpenedOnce(settingsDialog.open);

  // Forms post to /dashboard: an index route (`/`) would need `?index`, and every alias shows the same page.
  const listSearch = filterSearch(filters, more ? { more: "1" } : {});
  const action = `/dashboard${listSearch}`;
  const settingsHref = `${pathname}${filterSearch(filters, { ...(more ? { more: "1" } : {}), settings: "1" })}`;
  const closeSettingsHref = `${pathname}${listSearch}`;
  const limitState = taskLimitState(tier, stats.totalTasks);
  const limit = taskLimit(tier);

  usePendingUpgrade(props.pendingUpgrade);

  // A notice from another flow (checkout, Slack install) shows once, then leaves the address.
  useOnChange(notice, (notice) => {
    toast(notice);
    navigate(withoutNoticeParams(new URL(window.location.href)), { replace: true, preventScrollReset: true });
  });

  const settingsButton = (
    <Button asChild variant="secondary">
      <Link
        to={settingsHref}
        preventScrollReset
        onClick={panel === "settings" ? undefined : settingsDialog.openFromLink}
        onPointerEnter={() => void loadSettingsDialog()}
        onFocus={() => void loadSettingsDialog()}
      >
        <Settings aria-hidden />
        Settings
      </Link>
    </Button>
  );

  const upgradeTo = nextPlan(tier);
  const createButton =
    limitState === "reached" ? (
      <>
        <Button disabled variant="secondary">
          <Lock aria-hidden />
          Limit Reached
        </Button>
        <UpgradeLink>{upgradeTo ? `Upgrade to ${PLANS[upgradeTo].name}` : "Upgrade Plan"}</UpgradeLink>
      </>
    ) : (
      <Button asChild>
        {/* Without JavaScript the tasks page's inline form; with it, the dialog here. */}
        <Link
          to="/tasks?new=1"
          onClick={create.openFromLink}
          onPointerEnter={() => void loadCreateTaskDialog()}
          onFocus={() => void loadCreateTaskDialog()}
        >
          <Plus aria-hidden />
          Create Task
        </Link>
      </Button>
    );

  return (
    <AppShell user={user}>
      <PageHeader
        title={`Welcome, ${user.name}`}
        description={`Here is where ${settings.eventName ?? user.workspaceName} stands today.`}
        actions={user.role === "owner" ? settingsButton : undefined}
      />
      <ShowLiveSlot />

      {tier === "free" ? (
        <div
          role="note"
          aria-label="Plan"
          className="mb-6 flex flex-col gap-3 rounded-xl border border-brand-100 bg-brand-50 p-4 sm:flex-row sm:items-center sm:justify-between"
        >
          <p className="flex gap-2 text-sm text-slate-800">
            <Sparkles className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden />
            <span>
              <strong className="font-semibold">You are on the Free plan</strong> with up to {limit} tasks. Upgrade
              for more tasks, AI task creation and advanced analytics.
            </span>
          </p>
          <UpgradeLink size="sm" className="self-start sm:self-auto" />
        </div>
      ) : null}

      {notice && !hydrated ? <StatusBanner message={notice} /> : null}
      {props.pendingUpgrade && !hydrated ? <StatusBanner message={UPGRADE_PENDING} /> : null}
      <FlashBanner />

      {panel === "settings" && user.role === "owner" ? (
        <Card className="mb-6" role="region" aria-labelledby="settings-heading">
          <CardHeader>
            <CardTitle asChild>
              <h2 id="settings-heading">Workspace Settings</h2>
            </CardTitle>
            <CardDescription>
              The event date drives the countdown, the days-to-go figure, template due dates and the critical path.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Suspense fallback={null}>
              <SettingsForm
                settings={settings}
                timezones={props.timezones ?? [settings.timezone]}
                action={`${action}${listSearch ? "&" : "?"}settings=1`}
                lastResult={props.settingsResult}
                onSaved={() => navigate(closeSettingsHref, { replace: true, preventScrollReset: true })}
                cancel={
                  <Button asChild variant="ghost">
                    <Link to={closeSettingsHref}>Cancel</Link>
                  </Button>
                }
              />
            </Suspense>
          </CardContent>
        </Card>
      ) : null}

      {/* The order of the day: the show and its progress, what needs me, the work, the plan, then setup. */}
      <StatCards stats={stats} />

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <ProjectProgressCard
          stats={stats}
          event={settings}
          now={props.now}
          settingsHref={user.role === "owner" ? settingsHref : undefined}
          onSettingsClick={panel === "settings" ? undefined : settingsDialog.openFromLink}
        />
        <NeedsMeCard myDay={props.myDay} today={props.today} />
      </div>

      <div className="mt-6">
        <RecentTasksCard
          pathname={pathname}
          tasks={recent.tasks}
          totalTasks={stats.totalTasks}
          matchingCount={recent.total}
          limitLabel={taskLimitLabel(tier)}
          filters={filters}
          more={more}
          categories={props.categories}
          statuses={props.statuses}
          assignees={props.assignees}
          meId={user.userId}
          today={props.today}
          action={action}
          createButton={createButton}
          limitNote={
            limitState === "ok" ? null : (
              <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
                {limitState === "reached"
                  ? `Your plan's ${limit} tasks are used up. Upgrade to keep adding tasks.`
                  : `${stats.totalTasks} of ${limit} tasks used. Upgrade before the limit stops new tasks.`}
              </p>
            )
          }
          emptyState={
            <Suspense fallback={null}>
              <GettingStarted templates={props.templates} />
            </Suspense>
          }
        />
      </div>

      <div className="mt-6">
        <AiTaskBox allowed={props.aiTasks} />
      </div>

      <PlanningCards plan={plan} members={props.members} meId={user.userId} action={action} />

      <AssistantBox className="mt-6" />

      <section aria-labelledby="setup-title" className="mt-10">
        <h2 id="setup-title" className="mb-3 text-sm font-semibold tracking-wide text-slate-600 uppercase">
          Setup
        </h2>
        <ChatIntegrationCard allowed={hasFeature(tier, "slack")} slack={props.slack} />
      </section>

      {createMounted ? (
        <Suspense fallback={null}>
          <CreateTaskDialog
            open={create.open}
            onOpenChange={create.setOpen}
            onCloseAutoFocus={create.onCloseAutoFocus}
            action={action}
            categories={props.categories}
            members={props.members}
            meId={user.userId}
            today={props.today}
            addCategory
          />
        </Suspense>
      ) : null}
      {settingsMounted && panel !== "settings" ? (
        <Suspense fallback={null}>
          <SettingsDialog
            open={settingsDialog.open}
            onOpenChange={settingsDialog.setOpen}
            onCloseAutoFocus={settingsDialog.onCloseAutoFocus}
            settings={settings}
            action={action}
          />
        </Suspense>
      ) : null}
    </AppShell>
  );
}

import { Link } from "@remix-run/react";
import { BarChart3, BadgeCheck, Lightbulb, ListPlus, Plus } from "lucide-react";
import { lazy, Suspense, useId, type ReactNode } from "react";
import { AppShell, PageHeader, type ShellUser } from "~/components/app-shell";
import { FeatureGateBanner, FeatureGateOverlay } from "~/components/feature-gate";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Skeleton } from "~/components/ui/skeleton";
import type { Activity, CategoryCount, PriorityCount, WeekProgress } from "~/domain/analytics";
import { PRIORITIES, type Priority } from "~/domain/tasks";
import { categoryLabel, plural, PRIORITY_LABELS } from "~/domain/labels";
import { useHydrated } from "~/lib/use-hydrated";
import { cn } from "~/lib/utils";
import type { WorkspaceAnalytics } from "~/services/analytics.server";
import { formatActivityTime, formatWeek } from "~/domain/dates";
import { KpiCards } from "./kpi-cards";
import { PRIORITY_COLORS } from "./palette";
import { useRevalidateOnTaskChange } from "~/components/live-provider";

// One chunk holds recharts and the three charts; React.lazy fetches it after the page is interactive.
const loadCharts = () => import("./charts.client");
const WeeklyProgressChart = lazy(() => loadCharts().then((m) => ({ default: m.WeeklyProgressChart })));
const CategoryChart = lazy(() => loadCharts().then((m) => ({ default: m.CategoryChart })));
const PriorityChart = lazy(() => loadCharts().then((m) => ({ default: m.PriorityChart })));

const WEEKLY_HEIGHT = 260;
const PRIORITY_HEIGHT = 168;
const categoryHeight = (count: number) => Math.max(150, count * 40 + 56);

/** The analytics page; `analytics` is null below the plan that includes analytics (the page is then a gate). */
export function AnalyticsPage({ user, analytics }: { user: ShellUser; analytics: WorkspaceAnalytics | null }) {
  // Every figure here aggregates the whole workspace: a change anywhere (or a new timezone) reloads them, once
  // per burst.
  useRevalidateOnTaskChange({ includeWorkspace: true });
  if (!analytics) {
    return (
      <AppShell user={user}>
        <PageHeader title="Analytics" description="How the work is moving, week by week." />
        <FeatureGateBanner
          feature="basicAnalytics"
          name="Analytics"
          pitch="See what was created and completed each week, where the work sits by category and priority, and what just happened."
        />
      </AppShell>
    );
  }
  const { kpis, timezone } = analytics;
  return (
    <AppShell user={user}>
      <PageHeader
        title="Analytics"
        description={`This week (from Monday, ${formatWeek(kpis.weekStart)}) against last week, in ${timezone} time.`}
      />
      {analytics.totalTasks === 0 ? (
        <EmptyAnalytics />
      ) : (
        <div className="grid gap-4 sm:gap-6">
          <KpiCards kpis={kpis} />
          <div className="grid gap-4 sm:gap-6 lg:grid-cols-3">
            {analytics.weeklyProgress ? (
              <WeeklyProgress weeks={analytics.weeklyProgress} className="lg:col-span-2" />
            ) : (
              <FeatureGateOverlay
                feature="advancedAnalytics"
                name="Weekly Progress"
                pitch="Tasks created against tasks completed, week after week."
                preview={<WeeklyProgressPreview />}
                className="lg:col-span-2"
              />
            )}
            {analytics.keyInsights ? (
              <KeyInsights sentences={analytics.keyInsights.sentences} />
            ) : (
              <FeatureGateOverlay
                feature="advancedAnalytics"
                name="Key Insights"
                pitch="Average completion time, overdue work and where the load sits, in plain sentences."
                preview={<KeyInsightsPreview />}
              />
            )}
          </div>
          <div className="grid gap-4 sm:gap-6 md:grid-cols-2 lg:grid-cols-3">
            <TasksByCategory categories={analytics.tasksByCategory} />
            <PriorityDistribution priorities={analytics.priorityDistribution} total={analytics.totalTasks} />
            <RecentActivity activities={analytics.recentActivity} timezone={timezone} className="md:col-span-2 lg:col-span-1" />
          </div>
        </div>
      )}
    </AppShell>
  );
}

function EmptyAnalytics() {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-4 py-12 text-center sm:py-16">
        <span className="inline-flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <BarChart3 className="size-6" aria-hidden />
        </span>
        <div className="max-w-md">
          <h2 className="text-lg font-semibold text-slate-900">No analytics yet</h2>
          <p className="mt-2 text-slate-600">
            Your charts fill in as the work does: add the tasks for your event, tick them off, and this page tracks
            what was created against what was completed, week by week.
          </p>
        </div>
        <div className="flex flex-wrap justify-center gap-2">
          <Button asChild>
            <Link to="/tasks?new=1">
              <Plus aria-hidden />
              Create a Task
            </Link>
          </Button>
          <Button asChild variant="secondary">
            <Link to="/dashboard">Start from a template</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/** A titled card as a page region; `children` is its body. */
function Panel({
  title,
  description,
  icon,
  className,
  children,
}: {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={cn("min-w-0", className)}>
      <Card className="flex h-full flex-col">
        <CardHeader className="pb-3 sm:pb-4">
          <CardTitle asChild>
            <h2 id={titleId} className="flex items-center gap-2 text-base sm:text-lg">
              {icon}
              {title}
            </h2>
          </CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        <CardContent className="flex flex-1 flex-col">{children}</CardContent>
      </Card>
    </section>
  );
}

/**
 * Where a chart goes. The server and the first browser render show a skeleton of the chart's size (recharts
 * measures the browser's layout, so it cannot draw on the server); once hydrated, the lazy chart replaces it.
 * The chart is hidden from assistive technology: the summary and the table around it say the same in text.
 */
function ChartSlot({ height, children }: { height: number; children: ReactNode }) {
  const hydrated = useHydrated();
  const skeleton = <Skeleton className="w-full" style={{ height }} data-testid="chart-skeleton" />;
  return (
    <div aria-hidden="true" style={{ minHeight: height }}>
      {hydrated ? <Suspense fallback={skeleton}>{children}</Suspense> : skeleton}
    </div>
  );
}

/** The chart's figures as a table, folded away under a summary any visitor can open. */
function DataTable({
  caption,
  headers,
  rows,
}: {
  caption: string;
  headers: string[];
  rows: (string | number)[][];
}) {
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer rounded font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600">
        Show the figures as a table
      </summary>
      <table className="mt-2 w-full border-collapse text-left tabular-nums">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-slate-600">
            {headers.map((header, i) => (
              <th key={header} scope="col" className={cn("py-1.5 font-medium", i > 0 && "text-right")}>
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([first, ...rest]) => (
            <tr key={String(first)} className="border-b border-slate-100 last:border-0">
              <th scope="row" className="py-1.5 pr-2 font-normal text-slate-900">
                {first}
              </th>
              {rest.map((cell, i) => (
                <td key={i} className="py-1.5 text-right text-slate-700">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

function WeeklyProgress({ weeks, className }: { weeks: WeekProgress[]; className?: string }) {
  const created = weeks.reduce((sum, w) => sum + w.created, 0);
  const completed = weeks.reduce((sum, w) => sum + w.completed, 0);
  return (
    <Panel
      title="Weekly Progress"
      description={`${created} created and ${completed} completed over ${plural(weeks.length, "week")} with activity.`}
      className={className}
    >
      <ChartSlot height={WEEKLY_HEIGHT}>
        <WeeklyProgressChart weeks={weeks} height={WEEKLY_HEIGHT} />
      </ChartSlot>
      <DataTable
        caption="Tasks created and completed per week, weeks starting on Monday"
        headers={["Week of", "Created", "Completed"]}
        rows={weeks.map((w) => [formatWeek(w.weekStart, true), w.created, w.completed])}
      />
    </Panel>
  );
}

function TasksByCategory({ categories }: { categories: CategoryCount[] }) {
  const [top] = categories;
  return (
    <Panel
      title="Tasks by Category"
      description={
        categories.length === 1
          ? `All tasks are in ${categoryLabel(top.category)}.`
          : `${categories.length} categories; ${categoryLabel(top.category)} holds the most (${top.total}).`
      }
    >
      <ChartSlot height={categoryHeight(categories.length)}>
        <CategoryChart categories={categories} height={categoryHeight(categories.length)} />
      </ChartSlot>
      <DataTable
        caption="Tasks per category: total, completed and open"
        headers={["Category", "Total", "Completed", "Open"]}
        rows={categories.map((c) => [categoryLabel(c.category), c.total, c.completed, c.open])}
      />
    </Panel>
  );
}

function PriorityDistribution({ priorities, total }: { priorities: PriorityCount[]; total: number }) {
  return (
    <Panel title="Priority Distribution" description={`All ${plural(total, "task")} by priority.`}>
      <div className="flex flex-1 items-center gap-4 sm:gap-6">
        <div className="w-36 shrink-0 sm:w-40">
          <ChartSlot height={PRIORITY_HEIGHT}>
            <PriorityChart priorities={priorities} height={PRIORITY_HEIGHT} />
          </ChartSlot>
        </div>
        {/* The legend is the chart's text: every priority with its count, zeros included. */}
        <ul className="grid min-w-0 flex-1 gap-2 text-sm" aria-label="Tasks per priority">
          {[...priorities].reverse().map(({ priority, count }) => (
            <li key={priority} className="flex items-center gap-2">
              <span
                className="size-3 shrink-0 rounded-full"
                style={{ backgroundColor: PRIORITY_COLORS[priority] }}
                aria-hidden
              />
              <span className="min-w-0 flex-1 text-slate-700">{PRIORITY_LABELS[priority]}</span>
              <span className="font-semibold text-slate-900 tabular-nums">{count}</span>
            </li>
          ))}
        </ul>
      </div>
    </Panel>
  );
}

const isPriority = (value: string): value is Priority => (PRIORITIES as readonly string[]).includes(value);
const activityIcon = { created: ListPlus, completed: BadgeCheck } as const;
const activityLabel = { created: "Created", completed: "Completed" } as const;

function RecentActivity({
  activities,
  timezone,
  className,
}: {
  activities: Activity[];
  timezone: string;
  className?: string;
}) {
  return (
    <Panel title="Recent Activity" description="The latest tasks created or completed." className={className}>
      <ul className="grid gap-3">
        {activities.map((activity) => {
          const Icon = activityIcon[activity.action];
          return (
            <li key={activity.taskId} className="flex items-start gap-3">
              <span
                className={cn(
                  "mt-0.5 inline-flex size-8 shrink-0 items-center justify-center rounded-full",
                  activity.action === "completed" ? "bg-emerald-50 text-emerald-700" : "bg-brand-50 text-brand-700",
                )}
              >
                <Icon className="size-4" aria-hidden />
              </span>
              <div className="min-w-0 flex-1">
                <p className="font-medium break-words text-slate-900">{activity.title}</p>
                <p className="mt-0.5 text-xs text-slate-600">
                  {activityLabel[activity.action]}{" "}
                  <time dateTime={activity.at}>{formatActivityTime(activity.at, timezone)}</time>
                  {activity.category ? ` · ${categoryLabel(activity.category)}` : null}
                </p>
              </div>
              {isPriority(activity.priority) ? (
                <Badge variant={activity.priority} className="mt-0.5">
                  <span className="sr-only">Priority: </span>
                  {PRIORITY_LABELS[activity.priority]}
                </Badge>
              ) : null}
            </li>
          );
        })}
      </ul>
    </Panel>
  );
}

/** Made-up bars behind the Weekly Progress gate: the shape of the chart, none of the workspace's figures. */
function WeeklyProgressPreview() {
  const bars = [40, 65, 30, 80, 55, 90, 70, 45];
  return (
    <Card className="h-full">
      <CardHeader>
        <CardTitle>Weekly Progress</CardTitle>
      </CardHeader>
      <CardContent>
        <div className="flex items-end gap-3" style={{ height: WEEKLY_HEIGHT }}>
          {bars.map((height, i) => (
            <div key={i} className="flex h-full flex-1 items-end gap-1">
              <div className="flex-1 rounded-t bg-brand-500" style={{ height: `${height}%` }} />
              <div className="flex-1 rounded-t bg-emerald-500" style={{ height: `${height * 0.7}%` }} />
            </div>
          ))}
        </div>
      </CardContent>
    </Card>
  );
}

/** Placeholder lines behind the Key Insights gate. */
function KeyInsightsPreview() {
  return (
    <Card className="h-full">
      <CardHeader>
        <CardTitle>Key Insights</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {[90, 75, 85, 60].map((width, i) => (
          <div key={i} className="h-3 rounded bg-slate-200" style={{ width: `${width}%` }} />
        ))}
      </CardContent>
    </Card>
  );
}

function KeyInsights({ sentences }: { sentences: string[] }) {
  return (
    <Panel title="Key Insights" icon={<Lightbulb className="size-5 text-amber-500" aria-hidden />}>
      <ul className="grid gap-3 text-sm text-slate-700">
        {sentences.map((sentence) => (
          <li key={sentence} className="flex gap-2.5">
            <span className="mt-1.5 size-1.5 shrink-0 rounded-full bg-brand-500" aria-hidden />
            <span>{sentence}</span>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

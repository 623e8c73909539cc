import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { AlertTriangle, CalendarCheck, CheckCircle2, ListTodo, Plus, type LucideIcon } from "lucide-react";
import { AiTaskBox } from "~/components/ai-task-box";
import { AppShell, PageHeader } from "~/components/app-shell";
import { Landing } from "~/components/landing";
import { PlanningCards } from "~/components/planning-cards";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { getPageAuth, shellUser, taskScope } from "~/lib/page-auth.server";
import { pageMeta } from "~/lib/meta";
import { keepLandingAfterSignup } from "~/lib/revalidation";
import { cn } from "~/lib/utils";
import { hasFeature } from "~/domain/tiers";
import { getPlanOverview } from "~/services/planning.server";
import { getTaskStats } from "~/services/tasks.server";

/**
 * `/`, `/dashboard` and `/demo` all render this module (see vite.config.ts): the dashboard when signed
 * in, the landing page otherwise.
 */
export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.signedIn ? "Dashboard" : null);

export const shouldRevalidate = keepLandingAfterSignup;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await getPageAuth(request, context);
  if (!auth) return { signedIn: false as const };
  const scope = taskScope(auth, context);
  const [stats, plan] = await Promise.all([getTaskStats(scope), getPlanOverview(scope)]);
  return {
    signedIn: true as const,
    user: shellUser(auth),
    stats,
    plan,
    aiTasks: hasFeature(auth.user.tier, "aiTasks"),
  };
}

export default function DashboardRoute() {
  const data = useLoaderData<typeof loader>();
  if (!data.signedIn) return <Landing />;
  const { user, stats, plan, aiTasks } = data;

  const cards: { label: string; value: number; icon: LucideIcon; tone: string }[] = [
    { label: "Total Tasks", value: stats.totalTasks, icon: ListTodo, tone: "bg-brand-50 text-brand-700" },
    { label: "Completed", value: stats.completedTasks, icon: CheckCircle2, tone: "bg-emerald-50 text-emerald-700" },
    { label: "Overdue", value: stats.overdueTasks, icon: AlertTriangle, tone: "bg-red-50 text-red-700" },
    { label: "Due Today", value: stats.dueTodayTasks, icon: CalendarCheck, tone: "bg-amber-50 text-amber-800" },
  ];

  return (
    <AppShell user={user}>
      <PageHeader
        title={`Welcome, ${user.name}`}
        description={`Here is where ${user.workspaceName} stands today.`}
        actions={
          <Button asChild>
            <Link to="/tasks?new=1">
              <Plus aria-hidden />
              Create Task
            </Link>
          </Button>
        }
      />

      <AiTaskBox allowed={aiTasks} />

      <section aria-labelledby="stats-title">
        <h2 id="stats-title" className="sr-only">
          Task counts
        </h2>
        <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          {cards.map(({ label, value, icon: Icon, tone }) => (
            <li key={label}>
              <Card className="flex h-full items-center gap-3 p-4 sm:p-5">
                <span
                  className={cn("hidden size-10 shrink-0 items-center justify-center rounded-lg sm:inline-flex", tone)}
                >
                  <Icon className="size-5" aria-hidden />
                </span>
                <div className="min-w-0">
                  <p className="text-sm text-slate-600">{label}</p>
                  <p className="text-2xl font-bold text-slate-900 tabular-nums">{value}</p>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <Card className="mt-6">
        <CardHeader>
          <CardTitle asChild>
            <h2>Project Progress</h2>
          </CardTitle>
          <CardDescription>
            {stats.totalTasks === 0
              ? "No tasks yet. Add the first one and progress shows up here."
              : `${stats.completedTasks} of ${stats.totalTasks} tasks completed.`}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="flex items-center gap-4">
            <div
              role="progressbar"
              aria-label="Completion"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={stats.completionPercentage}
              className="h-3 flex-1 overflow-hidden rounded-full bg-slate-100"
            >
              <div className="h-full rounded-full bg-brand-600" style={{ width: `${stats.completionPercentage}%` }} />
            </div>
            <span className="w-12 text-right text-sm font-semibold text-slate-900 tabular-nums">
              {stats.completionPercentage}%
            </span>
          </div>
          {stats.daysToEvent !== null && stats.daysToEvent >= 0 ? (
            <p className="text-sm text-slate-600">
              {stats.daysToEvent === 0 ? "Show day is today." : `${stats.daysToEvent} days until event`}
            </p>
          ) : null}
          <div>
            <Button asChild variant="secondary">
              <Link to="/tasks">Manage All Tasks</Link>
            </Button>
          </div>
        </CardContent>
      </Card>

      <PlanningCards plan={plan} />
    </AppShell>
  );
}

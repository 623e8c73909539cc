import { Link } from "@remix-run/react";
import { AlertTriangle, CalendarCheck, CheckCircle2, Clock, type LucideIcon } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatDueDate } from "~/domain/dates";
import { PRIORITY_LABELS } from "~/domain/labels";
import type { MyDay, MyDaySection } from "~/domain/my-day";
import type { Priority } from "~/domain/tasks";
import { cn } from "~/lib/utils";
import { useLiveCardData } from "./use-live-card-data";

interface SectionView {
  key: keyof MyDay;
  title: string;
  icon: LucideIcon;
  tone: string;
  /** The task list showing the whole section (the viewer's tasks; `risk=1` narrows to those at risk). */
  seeAll: string;
}

const SECTIONS: SectionView[] = [
  { key: "overdue", title: "Overdue", icon: AlertTriangle, tone: "text-red-700", seeAll: "/tasks?mine=1" },
  { key: "dueToday", title: "Due today", icon: CalendarCheck, tone: "text-amber-800", seeAll: "/tasks?mine=1" },
  { key: "atRisk", title: "At risk", icon: Clock, tone: "text-brand-700", seeAll: "/tasks?mine=1&risk=1" },
];

const MY_DAY_CHANGES = ["task", "workspace"] as const;

/**
 * "What needs me today": the viewer's own overdue, due-today and at-risk tasks (app/domain/my-day.ts), a few of
 * each with a link to the rest, right under the countdown so the day's work comes before setup. A change anywhere
 * in the workspace (another tab, Slack, the API) reloads just this card from `/api/my-day`, as the planning cards do.
 */
export function NeedsMeCard({ myDay: loaded, today, className }: { myDay: MyDay; today: string; className?: string }) {
  const myDay = useLiveCardData(loaded, { url: "/api/my-day", changes: MY_DAY_CHANGES, key: "overdue" });
  const shown = SECTIONS.filter(({ key }) => myDay[key].total > 0);
  return (
    <Card role="region" aria-labelledby="needs-me-title" className={className}>
      <CardHeader className="pb-3 sm:pb-4">
        <CardTitle asChild>
          <h2 id="needs-me-title">What needs me today</h2>
        </CardTitle>
        <CardDescription>
          {shown.length === 0
            ? "Nothing of yours is overdue, due today or at risk."
            : "Your own tasks that are overdue, due today or at risk."}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {shown.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-slate-700">
            <CheckCircle2 className="size-4 text-emerald-600" aria-hidden />
            You are clear for today.{" "}
            <Link to="/tasks?mine=1" className="font-medium text-brand-700 hover:underline">
              See my tasks
            </Link>
          </p>
        ) : (
          shown.map((view) => <Section key={view.key} view={view} section={myDay[view.key]} today={today} />)
        )}
      </CardContent>
    </Card>
  );
}

function Section({ view, section, today }: { view: SectionView; section: MyDaySection; today: string }) {
  const { key, title, icon: Icon, tone, seeAll } = view;
  const headingId = `needs-me-${key}`;
  return (
    <section aria-labelledby={headingId} className="grid gap-1.5">
      <div className="flex items-baseline justify-between gap-3">
        <h3 id={headingId} className={cn("flex items-center gap-1.5 text-sm font-semibold", tone)}>
          <Icon className="size-4" aria-hidden />
          {title} <span className="tabular-nums">({section.total})</span>
        </h3>
        {section.total > section.tasks.length ? (
          <Link to={seeAll} className="text-sm font-medium text-brand-700 hover:underline">
            See all {section.total}
            <span className="sr-only"> {title.toLowerCase()}</span>
          </Link>
        ) : null}
      </div>
      <ul className="grid gap-1">
        {section.tasks.map((task) => (
          <li key={task.id} className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
            <Link
              to={`/tasks?q=${encodeURIComponent(task.title)}`}
              className="min-w-0 font-medium break-words text-slate-900 hover:text-brand-700 hover:underline"
            >
              {task.title}
            </Link>
            <span className="text-xs text-slate-600">
              {[
                task.reason,
                task.dueDate ? formatDueDate(task.dueDate, today) : null,
                PRIORITY_LABELS[task.priority as Priority] ?? null,
              ]
                .filter(Boolean)
                .join(" · ")}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

import { AlertTriangle, CalendarCheck, CheckCircle2, ListTodo, type LucideIcon } from "lucide-react";
import { Card } from "~/components/ui/card";
import type { TaskStats } from "~/domain/stats";
import { cn } from "~/lib/utils";

/** The four counts at the top of the dashboard. */
export function StatCards({ stats }: { stats: TaskStats }) {
  const cards: { label: string; value: number; icon: LucideIcon; tone: string }[] = [
    { label: "Total Tasks", value: stats.totalTasks, icon: ListTodo, tone: "bg-brand-50 text-brand-700" },
    { label: "Completed", value: stats.completedTasks, icon: CheckCircle2, tone: "bg-emerald-50 text-emerald-700" },
    { label: "Overdue", value: stats.overdueTasks, icon: AlertTriangle, tone: "bg-red-50 text-red-700" },
    { label: "Due Today", value: stats.dueTodayTasks, icon: CalendarCheck, tone: "bg-amber-50 text-amber-800" },
  ];
  return (
    <section aria-labelledby="stats-title">
      <h2 id="stats-title" className="sr-only">
        Task counts
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {cards.map(({ label, value, icon: Icon, tone }) => (
          <li key={label}>
            <Card className="flex h-full items-center gap-3 p-4 sm:p-5">
              <span className={cn("hidden size-10 shrink-0 items-center justify-center rounded-lg sm:inline-flex", tone)}>
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
  );
}

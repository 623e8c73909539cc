import { ArrowDownRight, ArrowUpRight, BadgeCheck, Gauge, ListPlus, Timer, type LucideIcon } from "lucide-react";
import { Card } from "~/components/ui/card";
import type { Kpi, Kpis } from "~/domain/analytics";
import { cn } from "~/lib/utils";
import { describeChange, describeEfficiency, formatKpiValue, type ChangeTone, type KpiFormat } from "./format";

interface KpiCard {
  key: Exclude<keyof Kpis, "weekStart" | "efficiency">;
  label: string;
  hint: string;
  format: KpiFormat;
  icon: LucideIcon;
}

/** The spec's four cards (tasks created, completed, average time, efficiency), each measured this week. */
const CARDS: KpiCard[] = [
  { key: "tasksCreated", label: "Tasks Created", hint: "Added this week", format: "count", icon: ListPlus },
  { key: "tasksCompleted", label: "Tasks Completed", hint: "Finished this week", format: "count", icon: BadgeCheck },
  {
    key: "averageCompletionDays",
    label: "Average Time",
    hint: "From created to completed",
    format: "days",
    icon: Timer,
  },
  {
    key: "completionRate",
    label: "Efficiency",
    hint: "Share of the tasks due so far this week that are done",
    format: "percent",
    icon: Gauge,
  },
];

const toneClass: Record<ChangeTone, string> = {
  good: "bg-emerald-50 text-emerald-700",
  bad: "bg-red-50 text-red-700",
  neutral: "bg-slate-100 text-slate-700",
};

function ChangeChip({ kpi }: { kpi: Kpi }) {
  const change = describeChange(kpi);
  // Arrows only beside a measured change; "New" has no size to point with.
  const Arrow = kpi.change === null ? null : kpi.direction === "up" ? ArrowUpRight : kpi.direction === "down" ? ArrowDownRight : null;
  return (
    <span
      className={cn(
        "inline-flex items-center gap-0.5 rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums",
        toneClass[change.tone],
      )}
      data-tone={change.tone}
    >
      {Arrow ? <Arrow className="size-3.5" aria-hidden /> : null}
      <span aria-hidden>{change.text}</span>
      <span className="sr-only">{change.label}</span>
    </span>
  );
}

export function KpiCards({ kpis }: { kpis: Kpis }) {
  return (
    <section aria-labelledby="kpi-title">
      <h2 id="kpi-title" className="sr-only">
        This week against last week
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {CARDS.map(({ key, label, hint, format, icon: Icon }) => {
          const kpi = kpis[key];
          return (
            <li key={key}>
              <Card className="flex h-full flex-col gap-2 p-4 sm:p-5" aria-label={label} role="group">
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="text-sm font-medium text-slate-900">{label}</p>
                    <p className="text-xs text-slate-500">{hint}</p>
                  </div>
                  <span className="hidden size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 sm:inline-flex">
                    <Icon className="size-5" aria-hidden />
                  </span>
                </div>
                <p className="text-2xl font-bold text-slate-900 tabular-nums" data-testid="kpi-value">
                  {formatKpiValue(kpi.value, format)}
                </p>
                {key === "completionRate" ? (
                  <p className="text-xs text-slate-600" data-testid="kpi-basis">
                    {describeEfficiency(kpis.efficiency)}
                  </p>
                ) : null}
                <p className="mt-auto flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-500">
                  <ChangeChip kpi={kpi} />
                  <span>
                    vs <span className="tabular-nums">{formatKpiValue(kpi.previous, format)}</span> last week
                  </span>
                </p>
              </Card>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

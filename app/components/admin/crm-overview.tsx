import { Eye, LayoutDashboard, ListChecks, UserPlus, type LucideIcon } from "lucide-react";
import { percentOf, type ConversionFunnel as Funnel } from "~/domain/crm";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card";

/** "37.5% {what}" to one decimal, or `none` when there is nothing to divide by. */
function share(part: number, whole: number, what: string, none: string) {
  const percent = percentOf(part, whole);
  return percent ? `${percent} ${what}` : none;
}

/** The four summary cards: visitors, demo signups (conversion), dashboard visits and task creators (of signups). */
export function CrmSummaryCards({ funnel }: { funnel: Funnel }) {
  const cards: { label: string; value: number; note: string; icon: LucideIcon }[] = [
    { label: "Total Visitors", value: funnel.visitors, note: "Distinct browser sessions", icon: Eye },
    {
      label: "Demo Signups",
      value: funnel.signups,
      note: share(funnel.signups, funnel.visitors, "conversion rate", "No visitors recorded yet"),
      icon: UserPlus,
    },
    {
      label: "Dashboard Visits",
      value: funnel.dashboardVisits,
      note: share(funnel.dashboardVisits, funnel.signups, "of signups", "No signups yet"),
      icon: LayoutDashboard,
    },
    {
      label: "Task Creators",
      value: funnel.taskCreators,
      note: share(funnel.taskCreators, funnel.signups, "of signups", "No signups yet"),
      icon: ListChecks,
    },
  ];
  return (
    <section aria-labelledby="crm-summary-title">
      <h2 id="crm-summary-title" className="sr-only">
        Summary
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {cards.map(({ label, value, note, icon: Icon }) => (
          <li key={label}>
            <Card role="group" className="h-full p-4 sm:p-5" aria-label={label}>
              <div className="flex items-center justify-between gap-2">
                <p className="text-sm text-slate-600">{label}</p>
                <Icon className="size-4 text-slate-400" aria-hidden />
              </div>
              <p className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">{value}</p>
              <p className="mt-1 text-xs text-slate-500">{note}</p>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Visitors → signups → dashboard → first task. Bars are relative to the largest step (signups made through the
 * API have no page visits, so a later step can outgrow an earlier one); each step shows its share of the one before.
 */
export function ConversionFunnel({ funnel }: { funnel: Funnel }) {
  const steps = [
    { label: "Visitors", value: funnel.visitors },
    { label: "Demo signups", value: funnel.signups },
    { label: "Visited the dashboard", value: funnel.dashboardVisits },
    { label: "Created a task", value: funnel.taskCreators },
  ];
  const widest = Math.max(1, ...steps.map((s) => s.value));
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Conversion Funnel</h2>
        </CardTitle>
        <CardDescription>From first visit to first task, for demo accounts.</CardDescription>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-4">
          {steps.map((step, i) => {
            const previous = steps[i - 1];
            return (
              <li key={step.label} className="grid gap-1.5">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
                  <span className="font-medium text-slate-900">{step.label}</span>
                  <span className="text-slate-600 tabular-nums">
                    <span className="font-semibold text-slate-900">{step.value}</span>
                    {previous
                      ? ` · ${percentOf(step.value, previous.value) ?? "–"} of ${previous.label.toLowerCase()}`
                      : null}
                  </span>
                </div>
                <div className="h-2.5 overflow-hidden rounded-full bg-slate-100" aria-hidden>
                  <div
                    className="h-full rounded-full bg-brand-600"
                    style={{ width: `${(step.value / widest) * 100}%` }}
                  />
                </div>
              </li>
            );
          })}
        </ol>
      </CardContent>
    </Card>
  );
}

import { Form, Link, useNavigation } from "@remix-run/react";
import {
  AlertTriangle,
  ArrowLeft,
  CalendarClock,
  Clock,
  CornerDownRight,
  ListChecks,
  LoaderCircle,
  Tag,
  Timer,
} from "lucide-react";
import { useEffect, useId, useState, type FormEvent } from "react";
import { AppShell, BackLink, type ShellUser } from "~/components/app-shell";
import { FlashBanner } from "~/components/flash";
import { StatusBanner } from "~/components/status-banner";
import { useToast } from "~/components/toaster";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import type { ProjectTemplate, TemplatePlan, TemplateStats } from "~/domain/templates";
import { categoryLabel, plural, PRIORITY_LABELS } from "~/domain/labels";
import type { ToastMessage } from "~/lib/toast";
import { useHydrated } from "~/lib/use-hydrated";
import { formatDueDate, formatEventDate } from "~/domain/dates";

const noneSelected: ToastMessage = {
  title: "No Tasks Selected",
  description: "Please select at least one task to create.",
  variant: "destructive",
};

/** Hours to one decimal, as the template stats show them. */
function hours(value: number) {
  return Math.round(value * 10) / 10;
}

function scheduleNote(daysAfterEvent: number) {
  return daysAfterEvent === 0 ? "Show day" : `${plural(daysAfterEvent, "day")} after the event`;
}

/**
 * A template's checklist. The checkboxes are a plain form, so creating works without JavaScript (Deselect All
 * is then a link); with it, Select All toggles every box and the count and hours follow the selection.
 */
export function TemplatePage({
  user,
  template,
  stats,
  event,
  plan,
  today,
  selectNone,
  error,
}: {
  user: ShellUser;
  template: ProjectTemplate;
  stats: TemplateStats;
  event: {
    eventName: string | null;
    date: string;
    time: string;
    timezone: string;
    /** "40 days until event", the countdown's rule (`eventDaysLabel`). */
    eventDays: string | null;
  } | null;
  /** Each task's due date for this event in the chosen mode (app/domain/templates/schedule.ts). */
  plan: TemplatePlan;
  today: string;
  selectNone: boolean;
  error: ToastMessage | null;
}) {
  const toast = useToast();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const headingId = useId();
  const all = template.tasks.map((_, i) => i);
  const [selected, setSelected] = useState<Set<number>>(() => new Set(selectNone ? [] : all));
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const allSelected = selected.size === template.tasks.length;
  const selectedHours = hours(template.tasks.reduce((sum, t, i) => sum + (selected.has(i) ? t.estimatedHours : 0), 0));

  useEffect(() => {
    if (error) toast(error);
  }, [error, toast]);

  function toggle(index: number, checked: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(index);
      else next.delete(index);
      return next;
    });
  }

  function guardEmpty(event: FormEvent<HTMLFormElement>) {
    if (selected.size > 0) return;
    event.preventDefault();
    toast(noneSelected);
  }

  return (
    <AppShell user={user}>
      <Link
        to="/dashboard"
        className="mb-4 inline-flex items-center gap-1.5 rounded text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <ArrowLeft className="size-4" aria-hidden />
        Back to Dashboard
      </Link>

      <header className="mb-6 flex items-start gap-4">
        <span
          className="flex size-14 shrink-0 items-center justify-center rounded-xl text-3xl"
          style={{ backgroundColor: `${template.color}1a` }}
          aria-hidden
        >
          {template.emoji}
        </span>
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-600">
            {template.kind === "event" ? "Event production template" : "Starter template"}
          </p>
          <h1 className="text-2xl font-bold tracking-tight text-balance text-slate-900 sm:text-3xl">{template.name}</h1>
          <p className="mt-1 max-w-3xl text-slate-600">{template.description}</p>
        </div>
      </header>

      {error && !hydrated ? <StatusBanner message={error} /> : null}
      <FlashBanner />

      <dl className="mb-6 grid grid-cols-3 gap-3 sm:gap-4">
        {(
          [
            ["Total tasks", stats.totalTasks, ListChecks],
            ["Estimated days", stats.estimatedDays, CalendarClock],
            ["Total hours", stats.totalHours, Clock],
          ] as const
        ).map(([label, value, Icon]) => (
          // dt and dd sit directly in the card's div, as a description list requires.
          <div key={label} className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-5">
            <dt className="flex items-center gap-2 text-xs text-slate-600 sm:text-sm">
              <Icon className="hidden size-4 shrink-0 text-brand-600 sm:block" aria-hidden />
              {label}
            </dt>
            <dd className="mt-1 text-xl font-bold text-slate-900 tabular-nums sm:text-2xl">{value}</dd>
          </div>
        ))}
      </dl>

      <p className="mb-6 flex gap-2 rounded-lg border border-slate-200 bg-white p-3 text-sm text-slate-700">
        <Timer className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden />
        {event ? (
          <span>
            Due dates are planned back from {event.eventName ?? "your event"} on{" "}
            {formatEventDate(event.date, event.time)}: preparation before it, show-day and wrap-up tasks on and after
            it. Each task shows its date below.
          </span>
        ) : (
          <span>
            Your workspace has no event date, so these tasks are created without due dates.{" "}
            <Link to="/dashboard?settings=1" className="font-medium text-brand-700 underline underline-offset-2">
              Set the event date
            </Link>{" "}
            first to have them scheduled.
          </span>
        )}
      </p>

      {event && !plan.fits ? (
        <PlanChoice template={template} plan={plan} eventDays={event.eventDays} selectNone={selectNone} />
      ) : null}

      <Form method="post" onSubmit={guardEmpty} aria-labelledby={headingId}>
        <input type="hidden" name="intent" value="apply" />
        <input type="hidden" name="mode" value={plan.mode} />
        <Card>
          <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 p-4 sm:px-6">
            <div>
              <h2 id={headingId} className="text-lg font-semibold text-slate-900">
                Tasks in this template
              </h2>
              <p className="text-sm text-slate-600" aria-live="polite">
                {hydrated
                  ? `${selected.size} of ${plural(template.tasks.length, "task")} selected · about ${plural(selectedHours, "hour")}`
                  : `${plural(template.tasks.length, "task")} · about ${plural(stats.totalHours, "hour")} in all`}
              </p>
            </div>
            {hydrated ? (
              <Button
                type="button"
                variant="secondary"
                size="sm"
                onClick={() => setSelected(new Set(allSelected ? [] : all))}
              >
                {allSelected ? "Deselect All" : "Select All"}
              </Button>
            ) : (
              <Button asChild variant="secondary" size="sm">
                {selectNone ? (
                  <Link to={`/template/${template.id}`}>Select All</Link>
                ) : (
                  <Link to={`/template/${template.id}?select=none`}>Deselect All</Link>
                )}
              </Button>
            )}
          </div>
          <CardContent className="pt-2 sm:pt-2">
            <ul className="divide-y divide-slate-100">
              {template.tasks.map((task, index) => {
                const id = `template-task-${index}`;
                return (
                  <li key={task.title} className="flex gap-3 py-4">
                    <input
                      id={id}
                      type="checkbox"
                      name="task"
                      value={index}
                      checked={selected.has(index)}
                      onChange={(e) => toggle(index, e.currentTarget.checked)}
                      aria-describedby={`${id}-details`}
                      className="mt-1 size-4 shrink-0 accent-brand-600"
                    />
                    <div className="min-w-0 flex-1">
                      <label htmlFor={id} className="font-medium break-words text-slate-900">
                        {task.title}
                      </label>
                      <div id={`${id}-details`}>
                        <p className="mt-0.5 text-sm text-slate-600">{task.description}</p>
                        <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1.5 text-xs text-slate-600">
                          <Badge variant={task.priority}>
                            <span className="sr-only">Priority: </span>
                            {PRIORITY_LABELS[task.priority]}
                          </Badge>
                          <span className="inline-flex items-center gap-1">
                            <Tag className="size-3.5 text-slate-400" aria-hidden />
                            {categoryLabel(task.category)}
                          </span>
                          <span className="inline-flex items-center gap-1">
                            <Clock className="size-3.5 text-slate-400" aria-hidden />
                            {plural(task.estimatedHours, "hour")}
                          </span>
                          {task.daysAfterEvent !== undefined ? (
                            <Badge variant="muted">{scheduleNote(task.daysAfterEvent)}</Badge>
                          ) : null}
                          {plan.tasks[index]?.dueDate ? (
                            <span className="inline-flex items-center gap-1">
                              <CalendarClock className="size-3.5 text-slate-400" aria-hidden />
                              Due {formatDueDate(plan.tasks[index].dueDate!, today)}
                            </span>
                          ) : null}
                          {plan.tasks[index]?.lateDays ? (
                            <span className="font-semibold text-red-700">
                              Usually due {plural(plan.tasks[index].lateDays, "day")} ago: already late
                            </span>
                          ) : null}
                        </p>
                        {task.after?.length ? (
                          // Created as the task's dependencies ("Depends on") when the template is applied.
                          <p className="mt-1.5 flex gap-1 text-xs text-slate-600">
                            <CornerDownRight className="size-3.5 shrink-0 text-slate-400" aria-hidden />
                            <span>After: {task.after.join("; ")}</span>
                          </p>
                        ) : null}
                      </div>
                    </div>
                  </li>
                );
              })}
            </ul>
          </CardContent>
          <div className="sticky bottom-0 flex items-center justify-end gap-2 rounded-b-xl border-t border-slate-100 bg-white/95 p-3 backdrop-blur sm:p-4 sm:px-6">
            <Button asChild variant="ghost">
              <Link to="/dashboard">Cancel</Link>
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : null}
              {busy ? "Creating..." : hydrated ? `Create ${plural(selected.size, "Task")}` : "Create Selected Tasks"}
            </Button>
          </div>
        </Card>
      </Form>
    </AppShell>
  );
}

/**
 * When the template's usual length does not fit the days left: the two ways to plan it, as links (they work
 * without JavaScript), the chosen one marked. Compressing keeps every date ahead; keeping the lead times shows
 * what is already late.
 */
function PlanChoice({
  template,
  plan,
  eventDays,
  selectNone,
}: {
  template: ProjectTemplate;
  plan: TemplatePlan;
  eventDays: string | null;
  selectNone: boolean;
}) {
  const late = plan.tasks.filter((t) => t.lateDays > 0).length;
  const href = (mode: TemplatePlan["mode"]) => {
    const query = new URLSearchParams();
    if (mode === "keep") query.set("plan", "keep");
    if (selectNone) query.set("select", "none");
    const search = query.toString();
    return `/template/${template.id}${search ? `?${search}` : ""}`;
  };
  const options = [
    {
      mode: "compress" as const,
      label: "Compress into the time left",
      note: "Every task keeps its order and gets a date between today and the event.",
    },
    {
      mode: "keep" as const,
      label: "Keep the usual lead times",
      note:
        plan.mode === "keep"
          ? `${plural(late, "task is", "tasks are")} already late: due today, marked below.`
          : "Tasks whose usual date has passed are due today and marked late.",
    },
  ];
  return (
    <section
      aria-labelledby="plan-choice-title"
      className="mb-6 grid gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <h2 id="plan-choice-title" className="flex items-center gap-2 font-semibold">
        <AlertTriangle className="size-4 shrink-0 text-amber-600" aria-hidden />
        {template.name} usually takes {plural(plan.usualDays, "day")}
        {eventDays ? `: ${eventDays[0].toLowerCase()}${eventDays.slice(1)}` : ""}.
      </h2>
      <ul className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => {
          const chosen = plan.mode === option.mode;
          return (
            <li key={option.mode}>
              <Link
                to={href(option.mode)}
                replace
                preventScrollReset
                aria-current={chosen ? "true" : undefined}
                className={`block h-full rounded-md border p-3 ${chosen ? "border-brand-600 bg-white ring-1 ring-brand-600" : "border-amber-200 bg-white/60 hover:bg-white"}`}
              >
                <span className="font-medium text-slate-900">
                  {option.label}
                  {chosen ? <span className="ml-2 text-xs font-semibold text-brand-700">Chosen</span> : null}
                </span>
                <span className="mt-1 block text-slate-700">{option.note}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** An unknown template id (404). */
export function TemplateNotFound({ user, id }: { user: ShellUser; id: string }) {
  return (
    <AppShell user={user}>
      <Card className="mx-auto max-w-lg">
        <CardContent className="grid justify-items-center gap-3 py-12 text-center sm:py-14">
          <ListChecks className="size-10 text-slate-400" aria-hidden />
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Template Not Found</h1>
          <p className="text-slate-600">
            There is no template called “{id}”. It may have been renamed, or the link may be mistyped.
          </p>
          <div className="mt-3">
            <BackLink to="/dashboard" primary>
              Back to Dashboard
            </BackLink>
          </div>
        </CardContent>
      </Card>
    </AppShell>
  );
}

import { Link } from "@remix-run/react";
import { AlertTriangle, CalendarClock, GitBranch, ShieldCheck } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatDays, type CriticalPathOverview, type TimelineRow } from "~/domain/plan-overview";
import type { AssignableMember } from "~/domain/assignees";
import { cn } from "~/lib/utils";
import { useHydrated } from "~/lib/use-hydrated";
import { RiskActions, TaskIntentButton, TaskIntentForms } from "./risk-actions";
import type { PlanOverview } from "~/services/planning.server";
import { capitalize, plural } from "~/domain/labels";

/**
 * The dashboard's planning row: the critical path to the event beside the tasks at risk. Both read every task; the
 * dashboard keeps `plan` current (`useLiveCardData`: a change anywhere in the workspace reloads it from `/api/plan`).
 */
export function PlanningCards({
  plan,
  members,
  meId,
  action,
}: {
  plan: PlanOverview;
  /** Who a risk can be assigned to, the viewer, and where the risk actions post (the dashboard). */
  members: readonly AssignableMember[];
  meId: string;
  action: string;
}) {
  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-2">
      <CriticalPathCard overview={plan.criticalPath} eventLabel={plan.eventLabel} eventDays={plan.eventDays} />
      <RisksCard
        groups={plan.riskGroups}
        total={plan.riskCount}
        cueRisks={plan.cueRisks}
        acknowledged={plan.acknowledgedRisks}
        members={members}
        meId={meId}
        action={action}
      />
    </div>
  );
}

const taskLink = (id: string) => `/tasks/${id}`;

function CriticalPathCard({
  overview,
  eventLabel,
  eventDays,
}: {
  overview: CriticalPathOverview;
  eventLabel: string | null;
  eventDays: string | null;
}) {
  return (
    <Card role="region" aria-labelledby="critical-path-title">
      <CardHeader>
        <CardTitle asChild className="flex items-center gap-2">
          <h2 id="critical-path-title">
            <GitBranch className="size-5 text-brand-600" aria-hidden />
            Critical path
          </h2>
        </CardTitle>
        <CardDescription>
          {eventLabel
            ? `The chain of dependent work that decides whether everything is ready for ${eventLabel}.`
            : "The chain of dependent work that decides whether everything is ready for the show."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {overview.state === "no-event" ? (
          <EmptyPlan
            icon={<CalendarClock className="size-6" aria-hidden />}
            title="Set an event date"
            text="Add the show's date and time in Settings and the work that has to finish before it is scheduled here."
          />
        ) : overview.state === "no-plan" ? (
          <EmptyPlan
            icon={<GitBranch className="size-6" aria-hidden />}
            title="Add estimates and dependencies"
            text="Give tasks their hours and say what depends on what (Create Task → Depends on); the chain that sets your finish shows up here."
          />
        ) : (
          <Timeline overview={overview} eventDays={eventDays} />
        )}
      </CardContent>
    </Card>
  );
}

function Timeline({
  overview,
  eventDays,
}: {
  overview: Extract<CriticalPathOverview, { state: "ready" }>;
  /** "40 days until event", as the countdown says it (`eventDaysLabel`). */
  eventDays: string | null;
}) {
  const { behindDays, slackDays, rows, eventPct, daysToEvent } = overview;
  return (
    <div className="grid gap-4">
      {behindDays !== null ? (
        <p className="flex items-center gap-2 text-sm font-semibold text-red-700">
          <AlertTriangle className="size-4 shrink-0" aria-hidden />
          Behind by {formatDays(behindDays)}: this chain cannot finish by its due dates and the event.
        </p>
      ) : (
        <p className="text-sm text-slate-700">
          {slackDays === 0
            ? "No slack: any delay on this chain delays the show."
            : `${capitalize(formatDays(slackDays))} of slack on this chain${daysToEvent > 0 && eventDays ? `; ${eventDays.charAt(0).toLowerCase()}${eventDays.slice(1)}` : ""}.`}
        </p>
      )}
      <ol className="grid gap-3" aria-label="Critical path, first task to last">
        {rows.map((row) => (
          <TimelineItem key={row.id} row={row} eventPct={eventPct} />
        ))}
      </ol>
      <div className="relative h-4 text-xs text-slate-500" aria-hidden>
        <span className="absolute left-0">Now</span>
        {/* Under the event marker; kept inside the card when the event sits at either end. */}
        <span
          className="absolute whitespace-nowrap"
          style={{ left: `${eventPct}%`, transform: `translateX(-${eventPct < 10 ? 0 : eventPct > 90 ? 100 : 50}%)` }}
        >
          Event
        </span>
      </div>
    </div>
  );
}

function TimelineItem({ row, eventPct }: { row: TimelineRow; eventPct: number }) {
  const start = row.startDays === 0 ? "Can start now" : `Starts in ${formatDays(row.startDays)}`;
  return (
    <li className="grid gap-1.5">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <Link to={taskLink(row.id)} className="min-w-0 font-medium break-words text-slate-900 hover:underline">
          {row.title}
        </Link>
        <span className={cn("text-xs", row.behindDays !== null ? "font-semibold text-red-700" : "text-slate-600")}>
          {row.behindDays !== null
            ? `Behind by ${formatDays(row.behindDays)}`
            : row.slackDays === 0
              ? "No slack"
              : `Slack ${formatDays(row.slackDays)}`}
        </span>
      </div>
      {/* The bar repeats the text below for sighted readers; the text carries the meaning. */}
      <div className="relative h-2.5 rounded-full bg-slate-100" aria-hidden>
        <div
          className={cn(
            "absolute inset-y-0 rounded-full",
            row.behindDays !== null ? "bg-red-500" : row.slackDays === 0 ? "bg-amber-500" : "bg-brand-500",
          )}
          style={{ left: `${row.startPct}%`, width: `${row.widthPct}%` }}
        />
        <div className="absolute -inset-y-1 w-0.5 bg-slate-700" style={{ left: `calc(${eventPct}% - 1px)` }} />
      </div>
      <p className="text-xs text-slate-600">{[start, row.work, row.due].filter(Boolean).join(" · ")}</p>
      {row.conflicts.length > 0 ? (
        <p className="text-xs font-medium text-amber-800">
          Due after {row.conflicts.map((title) => `“${title}”`).join(", ")}, which{" "}
          {row.conflicts.length === 1 ? "waits" : "wait"} on it
        </p>
      ) : null}
    </li>
  );
}

function RisksCard({
  groups,
  total,
  cueRisks,
  acknowledged,
  members,
  meId,
  action,
}: {
  groups: PlanOverview["riskGroups"];
  total: number;
  cueRisks: PlanOverview["cueRisks"];
  acknowledged: PlanOverview["acknowledgedRisks"];
  members: readonly AssignableMember[];
  meId: string;
  action: string;
}) {
  const shown = new Set(groups.flatMap((g) => g.tasks.map((t) => t.id))).size;
  const hydrated = useHydrated();
  return (
    <Card role="region" aria-labelledby="risks-title">
      <CardHeader>
        <CardTitle asChild className="flex items-center gap-2">
          <h2 id="risks-title">
            <AlertTriangle className="size-5 text-amber-600" aria-hidden />
            Risks
          </h2>
        </CardTitle>
        <CardDescription>
          {total === 0 && cueRisks.total === 0
            ? "Open tasks that threaten the show, and why."
            : [
                total > 0
                  ? `${plural(total, "open task needs", "open tasks need")} attention, the most costly first.`
                  : null,
                cueRisks.total > 0 ? `${plural(cueRisks.total, "cue is", "cues are")} not ready.` : null,
              ]
                .filter(Boolean)
                .join(" ")}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {hydrated ? null : <TaskIntentForms action={action} />}
        {cueRisks.total > 0 ? <CuesNotReady cueRisks={cueRisks} /> : null}
        {groups.length === 0 && cueRisks.total === 0 ? (
          acknowledged.total > 0 ? (
            <EmptyPlan
              icon={<ShieldCheck className="size-6" aria-hidden />}
              title="Every risk is acknowledged"
              text="Each shows again as soon as its task changes or has a new reason to worry."
            />
          ) : (
            <EmptyPlan
              icon={<ShieldCheck className="size-6" aria-hidden />}
              title="No risks found"
              text="No open task is overdue, urgent and not started, urgent and unowned, late for the event, or piled on one person."
            />
          )
        ) : (
          groups.map((group) => (
            <section key={group.kind} aria-labelledby={`risk-${group.kind}`} className="grid gap-2">
              <h3 id={`risk-${group.kind}`} className="text-sm font-semibold text-slate-900">
                {group.label} <span className="font-normal text-slate-600">({group.total})</span>
              </h3>
              <ul className="grid gap-2">
                {group.tasks.map((task) => (
                  <li key={task.id} className="rounded-lg border border-slate-200 p-3">
                    <Link to={taskLink(task.id)} className="font-medium break-words text-slate-900 hover:underline">
                      {task.title}
                    </Link>
                    <p className="mt-0.5 text-sm text-red-800">{task.reason}</p>
                    <RiskActions task={task} members={members} meId={meId} action={action} />
                  </li>
                ))}
              </ul>
              {group.total > group.tasks.length ? (
                <p className="text-xs text-slate-600">and {group.total - group.tasks.length} more</p>
              ) : null}
            </section>
          ))
        )}
        {acknowledged.total > 0 ? (
          <AcknowledgedRisks acknowledged={acknowledged} action={action} hydrated={hydrated} />
        ) : null}
        {total > 0 ? (
          <div>
            <Button asChild variant="secondary">
              <Link to="/tasks?risk=1">{total > shown ? `See all ${total} at risk` : "See them on the task list"}</Link>
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

/**
 * "2 acknowledged": the at-risk tasks a member acknowledged (ADR 036), behind a native <details> so the list opens
 * with or without JavaScript; each says who acknowledged it and when, with 'Show again' to list it again.
 */
function AcknowledgedRisks({
  acknowledged,
  action,
  hydrated,
}: {
  acknowledged: PlanOverview["acknowledgedRisks"];
  action: string;
  hydrated: boolean;
}) {
  return (
    <details className="rounded-lg border border-slate-200 px-3 py-2">
      <summary className="cursor-pointer py-1 text-sm font-medium text-slate-700">
        {`${acknowledged.total} acknowledged`}
      </summary>
      <ul className="mt-2 grid gap-2" aria-label="Acknowledged risks">
        {acknowledged.risks.map((risk) => (
          <li key={risk.id} className="grid gap-1 rounded-lg bg-slate-50 p-3">
            <Link to={taskLink(risk.id)} className="font-medium break-words text-slate-900 hover:underline">
              {risk.title}
            </Link>
            <p className="text-sm text-slate-700">{risk.reasons.join("; ")}</p>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-xs text-slate-600">{risk.acknowledged}</p>
              <TaskIntentButton
                action={action}
                intent="show-risk-again"
                taskId={risk.id}
                label="Show again"
                taskTitle={risk.title}
                hydrated={hydrated}
              />
            </div>
          </li>
        ))}
      </ul>
      {acknowledged.total > acknowledged.risks.length ? (
        <p className="mt-2 text-xs text-slate-600">
          {`and ${acknowledged.total - acknowledged.risks.length} more, acknowledged earlier`}
        </p>
      ) : null}
    </details>
  );
}

/**
 * The run of show's cues whose linked tasks are not all done (ADR 026), from three days before the show: each links
 * to its day's rundown, where the tasks are.
 */
function CuesNotReady({ cueRisks }: { cueRisks: PlanOverview["cueRisks"] }) {
  return (
    <section aria-labelledby="risk-cue_not_ready" className="grid gap-2">
      <h3 id="risk-cue_not_ready" className="text-sm font-semibold text-slate-900">
        Cues not ready <span className="font-normal text-slate-600">({cueRisks.total})</span>
      </h3>
      <ul className="grid gap-2">
        {cueRisks.cues.map((cue) => (
          <li key={cue.id} className="rounded-lg border border-slate-200 p-3">
            <Link to={`/show?day=${cue.day}`} className="font-medium break-words text-slate-900 hover:underline">
              {cue.title}
            </Link>
            <p className="mt-0.5 text-sm text-red-800">{capitalize(cue.reason)}</p>
          </li>
        ))}
      </ul>
      {cueRisks.total > cueRisks.cues.length ? (
        <p className="text-xs text-slate-600">and {cueRisks.total - cueRisks.cues.length} more</p>
      ) : null}
    </section>
  );
}

function EmptyPlan({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <div className="flex flex-col items-center rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center">
      <span className="text-slate-400">{icon}</span>
      <h3 className="mt-2 font-semibold text-slate-900">{title}</h3>
      <p className="mt-1 max-w-sm text-sm text-slate-600">{text}</p>
    </div>
  );
}

import { Link, useFetcher, useFetchers } from "@remix-run/react";
import { Sparkles, UserRoundCheck } from "lucide-react";
import { useId, type SelectHTMLAttributes } from "react";
import { useToast } from "~/components/toaster";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/native-select";
import { COMPLETED, pickableStatuses } from "~/domain/tasks";
import { categoryLabel, describeDue, PRIORITY_LABELS, statusLabel } from "~/domain/labels";
import { ChecklistCount } from "./checklist-count";
import { useHydrated } from "~/lib/use-hydrated";
import { cn } from "~/lib/utils";
import type { action as tasksAction } from "~/routes/tasks";
import { useOnChange } from "~/lib/use-on-change";
import { SelectTaskCheckbox } from "./select-task-checkbox";
import type { TaskSummary } from "./task-summary";

export const dueTone = {
  overdue: "font-medium text-red-700",
  today: "font-medium text-amber-800",
  upcoming: "text-slate-600",
  none: "text-slate-600",
  done: "text-slate-500",
} as const;

/**
 * One task: its title (linking to the task's page), priority and facts. With JavaScript it also carries a status
 * dropdown that saves at once through a fetcher (showing the new status before the server answers, and falling
 * back if the update fails) and, unless the task is already the viewer's, 'Assign to me'. Without JavaScript the
 * card only shows its status: the list's bulk bar (tick the card) and the task's page change it, so 60 cards do
 * not carry 120 forms (issue 15).
 */
export function TaskCard({
  task,
  statuses,
  today,
  action,
  meId,
  href,
  selected = false,
  onToggle,
  statusForm = false,
}: {
  task: TaskSummary;
  statuses: string[];
  today: string;
  action: string;
  /** The viewer's user id: their own tasks say "You". */
  meId: string;
  /** The task's own page, which the title links to: `/tasks/{id}`, with the list's query string on the list. */
  href?: string;
  /** Whether the card is ticked for the bulk bar; without `onToggle` the card has no checkbox. */
  selected?: boolean;
  onToggle?: (id: string) => void;
  /**
   * Without JavaScript, a status form with a Save button: for the dashboard's few cards. The list's 60 cards leave
   * that to its bulk bar and show the status as text.
   */
  statusForm?: boolean;
}) {
  const hydrated = useHydrated();
  const titleId = useId();
  const status = usePendingStatus(task.id) ?? task.status;
  const due = describeDue({ dueDate: task.dueDate, status }, today);
  const done = status === COMPLETED;

  // The card's parts are styled from `.task-card` in app/tailwind.css, so each of 60 cards carries few classes.
  return (
    <article
      aria-labelledby={titleId}
      data-task-row={task.id}
      tabIndex={-1}
      className={cn("task-card", selected && "selected", done && "done")}
    >
      <header>
        {onToggle ? <SelectTaskCheckbox task={task} selected={selected} onToggle={onToggle} /> : null}
        <h3 id={titleId}>
          <Link to={href ?? `/tasks/${task.id}`} prefetch="intent">
            {task.title}
          </Link>
        </h3>
        <div>
          {task.isAiGenerated ? (
            <Badge variant="outline" title="Created with AI from a producer's notes">
              <Sparkles className="size-3" aria-hidden />
              AI<span className="sr-only"> generated</span>
            </Badge>
          ) : null}
          <Badge variant={task.priority}>
            <span className="sr-only">Priority: </span>
            {PRIORITY_LABELS[task.priority]}
          </Badge>
        </div>
      </header>
      {task.description ? <p>{task.description}</p> : null}
      {/* Each fact's icon is its row's `fact-…` class; the term itself is for screen readers. */}
      <dl>
        {task.category ? (
          <div className="fact-category">
            <dt>Category</dt>
            <dd>{categoryLabel(task.category)}</dd>
          </div>
        ) : null}
        {due ? (
          <div className={cn("fact-due", dueTone[due.state])}>
            <dt>Due</dt>
            <dd>{due.label}</dd>
          </div>
        ) : null}
        {task.recurrenceText ? (
          <div className="fact-repeat">
            <dt>Repeats</dt>
            <dd>{task.recurrenceText}</dd>
          </div>
        ) : null}
        {task.checklist.total ? (
          <div className={cn("fact-checklist", task.checklist.done === task.checklist.total && "all-done")}>
            <dt>Checklist</dt>
            <dd>
              <ChecklistCount checklist={task.checklist} />
            </dd>
          </div>
        ) : null}
        {task.assigneeName ? (
          <div className="fact-assignee">
            <dt>Assignee</dt>
            <dd>
              {task.assigneeId === meId ? (
                <strong className="font-medium text-slate-900">You</strong>
              ) : (
                task.assigneeName
              )}
              {task.assigneeId === null ? (
                <span className="text-slate-500">{` (outside${task.assigneeContact ? `: ${task.assigneeContact}` : ""})`}</span>
              ) : null}
            </dd>
          </div>
        ) : null}
      </dl>
      <footer>
        {hydrated || statusForm ? (
          <CardControls
            task={task}
            status={status}
            statuses={statuses}
            action={action}
            meId={meId}
            titleId={titleId}
            hydrated={hydrated}
          />
        ) : (
          <p>
            <span>Status</span>
            {` ${statusLabel(status)}`}
          </p>
        )}
      </footer>
    </article>
  );
}

/**
 * The status a change on its way is setting for the task (the card shows it before the server answers), if any.
 * Read from the router's fetchers, so a card holds no fetcher of its own until its controls are shown: the list's 60
 * cards render on the server without any (each fetcher's hooks were a visible share of the page's render).
 */
function usePendingStatus(taskId: string) {
  const change = useFetchers().find(
    (f) => f.formData?.get("intent") === "status" && f.formData.get("taskId") === taskId,
  );
  const pending = change?.formData?.get("status");
  return typeof pending === "string" ? pending : undefined;
}

/**
 * The card's controls: with JavaScript a status dropdown that saves at once and 'Assign to me'; without it, on the
 * dashboard's few cards (`statusForm`), a status form with a Save button.
 */
function CardControls({
  task,
  status,
  statuses,
  action,
  meId,
  titleId,
  hydrated,
}: {
  task: TaskSummary;
  status: string;
  statuses: string[];
  action: string;
  meId: string;
  titleId: string;
  hydrated: boolean;
}) {
  const fetcher = useFetcher<typeof tasksAction>();
  const assign = useFetcher<typeof tasksAction>();
  const toast = useToast();
  const selectId = useId();
  const options = pickableStatuses(statuses, task.status);
  const done = status === COMPLETED;
  // Wide enough for "In progress" beside the no-JavaScript Save button; the row wraps instead.
  const statusField = (props: SelectHTMLAttributes<HTMLSelectElement>) => (
    <div className="grid min-w-36 flex-1 basis-52 gap-1">
      <label htmlFor={selectId} className="task-card-label">
        Status
      </label>
      <NativeSelect id={selectId} aria-describedby={titleId} className="h-9" {...props}>
        {options.map((s) => (
          <option key={s} value={s}>
            {statusLabel(s)}
          </option>
        ))}
      </NativeSelect>
    </div>
  );

  useOnChange(fetcher.data?.toast, toast);
  useOnChange(assign.data?.toast, toast);
  const assigning = assign.state !== "idle";

  return hydrated ? (
    <>
      {statusField({
        value: status,
        onChange: (event) =>
          fetcher.submit(
            { intent: "status", taskId: task.id, status: event.currentTarget.value },
            { method: "post", action },
          ),
      })}
      {task.assigneeId === meId || done ? null : (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="h-9"
          aria-describedby={titleId}
          disabled={assigning}
          onClick={() => assign.submit({ intent: "assign-me", taskId: task.id }, { method: "post", action })}
        >
          <UserRoundCheck aria-hidden />
          Assign to me
        </Button>
      )}
    </>
  ) : (
    <fetcher.Form method="post" action={action} className="flex flex-1 items-end gap-2">
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="taskId" value={task.id} />
      {statusField({ name: "status", defaultValue: status })}
      <Button type="submit" variant="secondary" size="sm" className="h-9">
        Save
      </Button>
    </fetcher.Form>
  );
}

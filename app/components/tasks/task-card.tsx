import { Link, useFetcher } from "@remix-run/react";
import { CalendarDays, Sparkles, Tag, UserRound, UserRoundCheck } from "lucide-react";
import { useId } from "react";
import { useToast } from "~/components/toaster";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/native-select";
import { COMPLETED } from "~/domain/tasks";
import { categoryLabel, describeDue, PRIORITY_LABELS, statusLabel } from "~/domain/labels";
import { useHydrated } from "~/lib/use-hydrated";
import { cn } from "~/lib/utils";
import type { action as tasksAction } from "~/routes/tasks";
import type { TaskDto } from "~/services/task-queries.server";
import { useOnChange } from "~/lib/use-on-change";
import { ROW_FOCUS, SelectTaskCheckbox } from "./task-list-parts";

export const dueTone = {
  overdue: "font-medium text-red-700",
  today: "font-medium text-amber-800",
  upcoming: "text-slate-600",
  none: "text-slate-600",
  done: "text-slate-500",
} as const;

/**
 * One task with its status dropdown and, unless it is already the viewer's, 'Assign to me'. Without JavaScript
 * the dropdown sits in a plain form with a Save button; with it, a change submits at once through a fetcher and
 * the card shows the new status before the server answers (and falls back if the update fails).
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
}: {
  task: TaskDto;
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
}) {
  const fetcher = useFetcher<typeof tasksAction>();
  const assign = useFetcher<typeof tasksAction>();
  const toast = useToast();
  const hydrated = useHydrated();
  const titleId = useId();
  const selectId = useId();

  const pending = fetcher.formData?.get("status");
  const status = typeof pending === "string" ? pending : task.status;
  const options = statuses.includes(task.status) ? statuses : [...statuses, task.status];
  const due = describeDue({ dueDate: task.dueDate, status }, today);
  const done = status === COMPLETED;

  useOnChange(fetcher.data?.toast, toast);
  useOnChange(assign.data?.toast, toast);
  const assigning = assign.state !== "idle";

  return (
    <article
      aria-labelledby={titleId}
      data-task-row={task.id}
      tabIndex={-1}
      className={cn(
        "flex h-full flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5",
        selected && "border-brand-300 bg-brand-50/40",
        ROW_FOCUS,
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 items-start gap-2.5">
          {onToggle ? (
            <SelectTaskCheckbox task={task} selected={selected} onToggle={onToggle} className="mt-1" />
          ) : null}
          <h3
            id={titleId}
            className={cn("min-w-0 font-semibold break-words text-slate-900", done && "text-slate-500 line-through")}
          >
            <Link to={href ?? `/tasks/${task.id}`} className="hover:text-brand-700 hover:underline">
              {task.title}
            </Link>
          </h3>
        </div>
        <div className="mt-0.5 flex shrink-0 flex-wrap justify-end gap-1.5">
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
      </div>
      {task.description ? <p className="line-clamp-3 text-sm break-words text-slate-600">{task.description}</p> : null}
      <dl className="flex flex-wrap gap-x-4 gap-y-1.5 text-sm">
        {task.category ? (
          <div className="flex items-center gap-1.5 text-slate-600">
            <dt>
              <Tag className="size-4 text-slate-400" aria-hidden />
              <span className="sr-only">Category</span>
            </dt>
            <dd>{categoryLabel(task.category)}</dd>
          </div>
        ) : null}
        {due ? (
          <div className={cn("flex items-center gap-1.5", dueTone[due.state])}>
            <dt>
              <CalendarDays className="size-4 opacity-70" aria-hidden />
              <span className="sr-only">Due</span>
            </dt>
            <dd>{due.label}</dd>
          </div>
        ) : null}
        {task.assigneeName ? (
          <div className="flex min-w-0 items-center gap-1.5 text-slate-600">
            <dt>
              <UserRound className="size-4 text-slate-400" aria-hidden />
              <span className="sr-only">Assignee</span>
            </dt>
            <dd className="min-w-0 truncate">
              {task.assigneeId === meId ? (
                <strong className="font-medium text-slate-900">You</strong>
              ) : (
                task.assigneeName
              )}
              {task.assigneeId === null ? (
                <span className="text-slate-500">
                  {" "}
                  (outside{task.assigneeContact ? `: ${task.assigneeContact}` : ""})
                </span>
              ) : null}
            </dd>
          </div>
        ) : null}
      </dl>
      <div className="mt-auto flex flex-wrap items-end gap-2 border-t border-slate-100 pt-3">
        <fetcher.Form method="post" action={action} className="flex flex-1 basis-52 items-end gap-2">
          <input type="hidden" name="intent" value="status" />
          <input type="hidden" name="taskId" value={task.id} />
          {/* Wide enough for "In progress" beside the no-JavaScript Save button; the row wraps instead. */}
          <div className="grid min-w-36 flex-1 gap-1">
            <label htmlFor={selectId} className="text-xs font-medium text-slate-500">
              Status
            </label>
            <NativeSelect
              id={selectId}
              name="status"
              aria-describedby={titleId}
              className="h-9"
              value={status}
              onChange={(event) => {
                if (hydrated) fetcher.submit(event.currentTarget.form);
              }}
            >
              {options.map((s) => (
                <option key={s} value={s}>
                  {statusLabel(s)}
                </option>
              ))}
            </NativeSelect>
          </div>
          {hydrated ? null : (
            <Button type="submit" variant="secondary" size="sm" className="h-9">
              Save
            </Button>
          )}
        </fetcher.Form>
        {task.assigneeId === meId || done ? null : (
          <assign.Form method="post" action={action}>
            <input type="hidden" name="intent" value="assign-me" />
            <input type="hidden" name="taskId" value={task.id} />
            <Button
              type="submit"
              variant="ghost"
              size="sm"
              className="h-9"
              aria-describedby={titleId}
              disabled={assigning}
            >
              <UserRoundCheck aria-hidden />
              Assign to me
            </Button>
          </assign.Form>
        )}
      </div>
    </article>
  );
}

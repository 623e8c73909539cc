import { Link } from "@remix-run/react";
import { Badge } from "~/components/ui/badge";
import { formatDueDate } from "~/domain/dates";
import { categoryLabel, PRIORITY_LABELS, statusLabel } from "~/domain/labels";
import { dueState } from "~/domain/stats";
import { COMPLETED } from "~/domain/tasks";
import type { DayBucketDates, GroupKey } from "~/domain/task-order";
import { useHydrated } from "~/lib/use-hydrated";
import { cn } from "~/lib/utils";
import { ChecklistCount } from "./checklist-count";
import { dueTone } from "./task-card";
import type { TaskSummary } from "./task-summary";
import { SelectTaskCheckbox } from "./select-task-checkbox";
import { GroupLabel } from "./task-list-parts";

/**
 * The compact list: one row per task (a checkbox, the title linking to the task, status, priority, due date,
 * owner, category). Narrow screens drop columns, never rows: at phone width a row is its checkbox, title and due
 * date, with the priority under the title.
 */
export function TaskTable({
  groups,
  group,
  groupCounts,
  dates,
  today,
  meId,
  taskHref,
  selected,
  onToggle,
  allSelected,
  onToggleAll,
}: {
  groups: Array<{ key: string; tasks: TaskSummary[] }>;
  group: GroupKey | undefined;
  groupCounts: Record<string, number>;
  dates: DayBucketDates;
  today: string;
  meId: string;
  taskHref: (id: string) => string;
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  allSelected: boolean;
  onToggleAll: () => void;
}) {
  const hydrated = useHydrated();
  const th = "px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase";
  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      {/* Cells are styled from `.task-table` in app/tailwind.css (by column), so each of 60 rows carries few classes. */}
      <table className="task-table w-full table-fixed border-collapse text-sm">
        <caption className="sr-only">Tasks</caption>
        <thead className="border-b border-slate-200 bg-slate-50">
          <tr>
            <th scope="col" className="w-10 py-2 pl-3">
              {hydrated ? (
                <input
                  type="checkbox"
                  aria-label="Select all on this page"
                  className="size-4 cursor-pointer accent-brand-600"
                  checked={allSelected}
                  onChange={onToggleAll}
                />
              ) : (
                <span className="sr-only">Select</span>
              )}
            </th>
            <th scope="col" className={th}>
              Title
            </th>
            <th scope="col" className={cn(th, "w-32")}>
              Status
            </th>
            <th scope="col" className={cn(th, "w-24")}>
              Priority
            </th>
            <th scope="col" className={cn(th, "w-28 sm:w-44")}>
              Due
            </th>
            <th scope="col" className={cn(th, "w-36")}>
              Owner
            </th>
            <th scope="col" className={cn(th, "w-32")}>
              Category
            </th>
          </tr>
        </thead>
        {groups.map(({ key, tasks }) => (
          <tbody key={key} className="divide-y divide-slate-100">
            {group ? (
              <tr className="bg-slate-50">
                <th scope="rowgroup" colSpan={7} className="px-3 py-2 text-left text-sm font-semibold text-slate-800">
                  <GroupLabel group={group} groupKey={key} rows={tasks} counts={groupCounts} dates={dates} />
                </th>
              </tr>
            ) : null}
            {tasks.map((task) => (
              <TaskRow
                key={task.id}
                task={task}
                today={today}
                meId={meId}
                href={taskHref(task.id)}
                selected={selected.has(task.id)}
                onToggle={onToggle}
              />
            ))}
          </tbody>
        ))}
      </table>
    </div>
  );
}

function TaskRow({
  task,
  today,
  meId,
  href,
  selected,
  onToggle,
}: {
  task: TaskSummary;
  today: string;
  meId: string;
  href: string;
  selected: boolean;
  onToggle: (id: string) => void;
}) {
  const done = task.status === COMPLETED;
  const tone = task.dueDate ? dueTone[dueState(task, today)] : "text-slate-500";
  return (
    <tr data-task-row={task.id} tabIndex={-1} className={cn(selected && "selected", done && "done")}>
      <td>
        <SelectTaskCheckbox task={task} selected={selected} onToggle={onToggle} />
      </td>
      <td>
        <div>
          <Link to={href} discover="none">
            {task.title}
          </Link>
          {task.checklist.total ? (
            <small className={cn(task.checklist.done === task.checklist.total && "all-done")}>
              <ChecklistCount checklist={task.checklist} />
            </small>
          ) : null}
        </div>
        <span>
          {PRIORITY_LABELS[task.priority]}
          {task.assigneeName ? ` · ${task.assigneeId === meId ? "You" : task.assigneeName}` : ""}
        </span>
      </td>
      <td>{statusLabel(task.status)}</td>
      <td>
        <Badge variant={task.priority}>{PRIORITY_LABELS[task.priority]}</Badge>
      </td>
      <td className={tone}>{task.dueDate ? formatDueDate(task.dueDate, today) : "—"}</td>
      <td>{task.assigneeName ? (task.assigneeId === meId ? "You" : task.assigneeName) : "—"}</td>
      <td>{task.category ? categoryLabel(task.category) : "—"}</td>
    </tr>
  );
}

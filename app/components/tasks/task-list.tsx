import { useNavigate } from "@remix-run/react";
import { Keyboard } from "lucide-react";
import { useMemo, useRef } from "react";
import type { DayBucketDates, GroupKey, TaskView } from "~/domain/task-order";
import { useHydrated } from "~/lib/use-hydrated";
import { TaskCard } from "./task-card";
import { GroupLabel, useListKeyboard, ViewSwitch } from "./task-list-parts";
import type { TaskSummary } from "./task-summary";
import { TaskTable } from "./task-table";
import type { TaskSelection } from "./use-task-selection";

/**
 * The page of tasks: a row with 'Select all', the keyboard hint and the view switch, then the tasks as cards (in
 * their groups) or as the compact table. j/k move between tasks, x ticks one, e opens it.
 */
export function TaskList({
  view,
  groups,
  group,
  groupCounts,
  dates,
  today,
  meId,
  statuses,
  listUrl,
  taskHref,
  selection,
}: {
  view: TaskView;
  groups: Array<{ key: string; tasks: TaskSummary[] }>;
  /** How the list is grouped, if it is. */
  group: GroupKey | undefined;
  /** How many matching tasks each group holds across every page. */
  groupCounts: Record<string, number>;
  dates: DayBucketDates;
  today: string;
  meId: string;
  statuses: string[];
  /** Where the cards' status changes post: the list's own address. */
  listUrl: string;
  taskHref: (id: string) => string;
  selection: TaskSelection;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const listRef = useRef<HTMLDivElement>(null);
  const { selected, toggle, allSelected, toggleAll } = selection;
  const keyboard = useMemo(
    () => ({ toggle, open: (id: string) => navigate(taskHref(id)) }),
    [toggle, navigate, taskHref],
  );
  useListKeyboard(listRef, keyboard);

  return (
    <>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-4">
          {hydrated ? (
            <label className="flex cursor-pointer items-center gap-2 text-sm font-medium text-slate-700">
              <input type="checkbox" className="size-4 accent-brand-600" checked={allSelected} onChange={toggleAll} />
              <span>
                Select all<span className="max-sm:sr-only"> on this page</span>
              </span>
            </label>
          ) : null}
          <p className="hidden items-center gap-1.5 text-xs text-slate-500 md:flex">
            <Keyboard className="size-4" aria-hidden />
            Keyboard: j/k, x, e
            <span className="sr-only">(j and k move between tasks, x selects the task, e opens it)</span>
          </p>
        </div>
        <ViewSwitch view={view} action={listUrl} />
      </div>
      <div ref={listRef}>
        {view === "table" ? (
          <TaskTable
            groups={groups}
            group={group}
            groupCounts={groupCounts}
            dates={dates}
            today={today}
            meId={meId}
            taskHref={taskHref}
            selected={selected}
            onToggle={toggle}
            allSelected={allSelected}
            onToggleAll={toggleAll}
          />
        ) : (
          groups.map(({ key, tasks }) => (
            <section key={key} className="mb-6 last:mb-0">
              {group ? (
                <h3 className="mb-3 text-base font-semibold text-slate-800">
                  <GroupLabel group={group} groupKey={key} rows={tasks} counts={groupCounts} dates={dates} />
                </h3>
              ) : null}
              <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
                {tasks.map((task) => (
                  <li key={task.id}>
                    <TaskCard
                      task={task}
                      statuses={statuses}
                      today={today}
                      action={listUrl}
                      meId={meId}
                      href={taskHref(task.id)}
                      selected={selected.has(task.id)}
                      onToggle={toggle}
                    />
                  </li>
                ))}
              </ul>
            </section>
          ))
        )}
      </div>
    </>
  );
}

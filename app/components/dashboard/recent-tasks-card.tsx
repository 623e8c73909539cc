import { Form, Link, useNavigation, useSubmit } from "@remix-run/react";
import { ChevronDown, ChevronUp, SearchX, X } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { TaskCard } from "~/components/tasks/task-card";
import { FilterSelect, MyTasksToggle } from "~/components/tasks/filter-controls";
import { TaskSkeletons } from "~/components/tasks/task-skeletons";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import type { TaskFilters } from "~/domain/schemas";
import { PRIORITIES } from "~/domain/tasks";
import { categoryLabel, plural, pluralWord, statusLabel } from "~/domain/labels";
import { filterSearch } from "~/lib/task-filters";
import { useHydrated } from "~/lib/use-hydrated";
import type { TaskDto } from "~/services/task-queries.server";

const FILTER_NAMES = ["priority", "category", "assignee", "mine"] as const;

/**
 * The newest tasks, filterable by priority, category, assignee and 'My tasks'. Filters, View More and Show Less are
 * links and a GET form, so they work without JavaScript; with it they load in place behind 3 skeleton cards.
 */
export function RecentTasksCard({
  pathname,
  tasks,
  totalTasks,
  matchingCount,
  limitLabel,
  filters,
  more,
  categories,
  statuses,
  assignees,
  meId,
  today,
  action,
  createButton,
  limitNote,
  emptyState,
}: {
  pathname: string;
  tasks: TaskDto[];
  totalTasks: number;
  matchingCount: number;
  limitLabel: string;
  filters: TaskFilters;
  more: boolean;
  categories: string[];
  statuses: string[];
  assignees: string[];
  /** The viewer's user id (their tasks say "You"). */
  meId: string;
  today: string;
  /** Where the task cards' status forms post. */
  action: string;
  createButton: ReactNode;
  limitNote: ReactNode;
  /** Shown instead of the list while the workspace has no tasks at all. */
  emptyState: ReactNode;
}) {
  const navigation = useNavigation();
  const filtered = FILTER_NAMES.some((key) => filters[key]);
  const loading = navigation.state === "loading" && navigation.location.pathname === pathname;
  const noun = pluralWord(matchingCount, "task");
  const base = (extra: Record<string, string> = {}) => `${pathname}${filterSearch(filters, extra)}`;

  return (
    <Card role="region" aria-labelledby="recent-title">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle asChild>
            <h2 id="recent-title">Recent Tasks</h2>
          </CardTitle>
          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <span>{plural(totalTasks, "task")}</span>
            <Badge variant="outline">
              <span className="sr-only">Plan limit: </span>
              {limitLabel}
            </Badge>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">{createButton}</div>
      </CardHeader>
      <CardContent className="grid gap-4">
        {limitNote}
        {totalTasks === 0 ? (
          emptyState
        ) : (
          <>
            <RecentTaskFilters
              pathname={pathname}
              filters={filters}
              categories={categories}
              assignees={assignees}
              active={filtered}
            />
            <section aria-labelledby="recent-list-title" aria-busy={loading}>
              <h3 id="recent-list-title" className="sr-only">
                {filtered ? "Newest matching tasks" : "Newest tasks"}
              </h3>
              {loading ? (
                <TaskSkeletons count={3} className="md:grid-cols-2 lg:grid-cols-3" />
              ) : tasks.length > 0 ? (
                <ul className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
                  {tasks.map((task) => (
                    <li key={task.id}>
                      <TaskCard task={task} statuses={statuses} today={today} action={action} meId={meId} statusForm />
                    </li>
                  ))}
                </ul>
              ) : (
                <div className="flex flex-col items-center rounded-lg border border-dashed border-slate-300 px-6 py-10 text-center">
                  <SearchX className="size-7 text-slate-400" aria-hidden />
                  <p className="mt-2 font-medium text-slate-900">No tasks match these filters</p>
                  <p className="mt-1 text-sm text-slate-600">Try another priority, category or assignee.</p>
                </div>
              )}
            </section>
          </>
        )}
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-4">
          {totalTasks > 0 ? (
            <p className="text-sm text-slate-600" aria-live="polite">
              {loading ? "Loading…" : `Showing ${tasks.length} of ${matchingCount} ${filtered ? "matching " : ""}${noun}`}
            </p>
          ) : null}
          <div className="ml-auto flex flex-wrap gap-2">
            {more ? (
              <Button asChild variant="ghost" size="sm">
                <Link to={base()} preventScrollReset>
                  <ChevronUp aria-hidden />
                  Show Less
                </Link>
              </Button>
            ) : matchingCount > tasks.length ? (
              <Button asChild variant="ghost" size="sm">
                <Link to={base({ more: "1" })} preventScrollReset>
                  <ChevronDown aria-hidden />
                  View More
                </Link>
              </Button>
            ) : null}
            <Button asChild variant="secondary" size="sm">
              <Link to="/tasks">Manage All Tasks</Link>
            </Button>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}

function RecentTaskFilters({
  pathname,
  filters,
  categories,
  assignees,
  active,
}: {
  pathname: string;
  filters: TaskFilters;
  categories: string[];
  assignees: string[];
  active: boolean;
}) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);

  // Keep the selects in step with the address (back button, Clear Filters).
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    for (const key of ["priority", "category", "assignee"] as const) {
      const field = form.elements.namedItem(key);
      if (field instanceof HTMLSelectElement) field.value = filters[key] ?? "";
    }
    const mine = form.elements.namedItem("mine");
    if (mine instanceof HTMLInputElement) mine.checked = Boolean(filters.mine);
  }, [filters]);

  return (
    <Form
      ref={formRef}
      method="get"
      action={pathname}
      preventScrollReset
      aria-label="Filter recent tasks"
      className="grid gap-2 sm:grid-cols-3 lg:grid-cols-[repeat(3,minmax(0,14rem))_auto_auto]"
      onChange={(event) => {
        // Only filters with a value go in the address: `?priority=high`, not `?priority=high&category=`.
        const params = new URLSearchParams();
        for (const [key, value] of new FormData(event.currentTarget)) {
          if (typeof value === "string" && value) params.set(key, value);
        }
        submit(params, { method: "get", action: pathname, preventScrollReset: true });
      }}
    >
      <FilterSelect name="priority" label="Filter by priority" allLabel="All priorities" value={filters.priority} options={PRIORITIES} format={statusLabel} />
      <FilterSelect name="category" label="Filter by category" allLabel="All categories" value={filters.category} options={categories} format={categoryLabel} />
      <FilterSelect name="assignee" label="Filter by assignee" allLabel="All assignees" value={filters.assignee} options={assignees} />
      <MyTasksToggle checked={Boolean(filters.mine)} />
      {!hydrated || active ? (
        <div className="flex gap-2 sm:col-span-3 lg:col-span-1">
          {hydrated ? null : (
            <Button type="submit" variant="secondary">
              Apply
            </Button>
          )}
          {active ? (
            <Button asChild variant="ghost">
              <Link to={pathname} preventScrollReset>
                <X aria-hidden />
                Clear Filters
              </Link>
            </Button>
          ) : null}
        </div>
      ) : null}
    </Form>
  );
}

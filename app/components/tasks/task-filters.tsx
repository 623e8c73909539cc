import { Form, Link, useSubmit } from "@remix-run/react";
import { ListFilter, Search, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import type { TaskFilters } from "~/domain/schemas";
import { PRIORITIES } from "~/domain/tasks";
import { categoryLabel, statusLabel } from "~/domain/labels";
import { GROUP_KEYS, GROUP_LABELS, SORT_LABELS, SORT_VALUES } from "~/domain/task-order";
import { filterSearch, hasListFilters } from "~/lib/task-filters";
import { useHydrated } from "~/lib/use-hydrated";
import { cn } from "~/lib/utils";
import { FilterSelect, FilterToggle, MyTasksToggle } from "./filter-controls";

const SEARCH_DEBOUNCE_MS = 300;

/**
 * Search and filters as one GET form, so a filtered list is a plain URL that works without JavaScript
 * (Apply button). With JavaScript, a dropdown change applies at once and typing searches after a pause.
 */
function FilterForm({
  filters,
  statuses,
  categories,
  id,
  folded,
}: {
  filters: TaskFilters;
  statuses: string[];
  categories: string[];
  /** The form's id, for the phone's 'Filter and sort' button that unfolds it. */
  id: string;
  /** Hidden below the `md` width until that button unfolds it (never without JavaScript). */
  folded: boolean;
}) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const active = hasListFilters(filters);
  // Apply is for visitors without JavaScript; Clear only when there is something to clear.
  const showButtons = !hydrated || active;

  // Keep the fields in step with the URL (back button, Clear filters), but never under the user's cursor.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    for (const key of ["q", "status", "priority", "category", "sort", "group"] as const) {
      const field = form.elements.namedItem(key);
      if (
        (field instanceof HTMLInputElement || field instanceof HTMLSelectElement) &&
        field !== document.activeElement
      ) {
        field.value = filters[key] ?? "";
      }
    }
    for (const key of ["mine", "risk"] as const) {
      const toggle = form.elements.namedItem(key);
      if (toggle instanceof HTMLInputElement) toggle.checked = Boolean(filters[key]);
    }
  }, [filters]);

  useEffect(() => () => clearTimeout(timer.current), []);

  function apply(form: HTMLFormElement, replace: boolean) {
    clearTimeout(timer.current);
    // Only filters with a value go in the URL: `/tasks?priority=high`, not `/tasks?q=&status=&priority=high`.
    const params = new URLSearchParams();
    for (const [key, value] of new FormData(form)) {
      if (typeof value === "string" && value.trim()) params.set(key, value.trim());
    }
    submit(params, { method: "get", action: "/tasks", replace, preventScrollReset: true });
  }

  return (
    <Form
      ref={formRef}
      id={id}
      method="get"
      action="/tasks"
      role="search"
      aria-label="Search and filter tasks"
      className={cn(
        "mb-6 grid gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:grid-cols-2",
        folded && hydrated && "max-md:hidden",
        showButtons
          ? "lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))_auto_auto]"
          : "lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))_auto]",
      )}
      onSubmit={(event) => {
        event.preventDefault();
        apply(event.currentTarget, false);
      }}
      onChange={(event) => {
        const form = event.currentTarget;
        if (event.target instanceof HTMLSelectElement || (event.target as HTMLInputElement).type === "checkbox") {
          apply(form, false);
        } else {
          clearTimeout(timer.current);
          timer.current = setTimeout(() => apply(form, true), SEARCH_DEBOUNCE_MS);
        }
      }}
    >
      <div className="relative sm:col-span-2 lg:col-span-1">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
          aria-hidden
        />
        <Input
          type="search"
          name="q"
          defaultValue={filters.q ?? ""}
          placeholder="Search titles and descriptions"
          aria-label="Search tasks"
          enterKeyHint="search"
          maxLength={200}
          className="pl-9"
        />
      </div>
      <FilterSelect
        name="status"
        label="Filter by status"
        allLabel="All statuses"
        value={filters.status}
        options={statuses}
        format={statusLabel}
      />
      <FilterSelect
        name="priority"
        label="Filter by priority"
        allLabel="All priorities"
        value={filters.priority}
        options={PRIORITIES}
        format={statusLabel}
      />
      <FilterSelect
        name="category"
        label="Filter by category"
        allLabel="All categories"
        value={filters.category}
        options={categories}
        format={categoryLabel}
      />
      <div className="flex gap-3">
        <MyTasksToggle checked={Boolean(filters.mine)} />
        <FilterToggle name="risk" label="At risk" checked={Boolean(filters.risk)} />
      </div>
      <SortAndGroup filters={filters} />
      {showButtons ? (
        <div className="flex gap-2">
          {hydrated ? null : (
            <Button type="submit" variant="secondary">
              Apply
            </Button>
          )}
          {active ? (
            <Button asChild variant="ghost">
              <Link to={`/tasks${filterSearch({ sort: filters.sort, group: filters.group })}`} preventScrollReset>
                <X aria-hidden />
                Clear
              </Link>
            </Button>
          ) : null}
        </div>
      ) : null}
    </Form>
  );
}

/**
 * The tasks page's filters: on a phone, once JavaScript runs, folded behind a 'Filter and sort' button so the
 * first screen shows tasks (without JavaScript it shows).
 */
export function TaskFilterBar({
  filters,
  statuses,
  categories,
}: {
  filters: TaskFilters;
  statuses: string[];
  categories: string[];
}) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const formId = useId();
  const count = Object.values(filters).filter(Boolean).length;
  return (
    <>
      {hydrated ? (
        <Button
          type="button"
          variant="secondary"
          className="mb-3 self-start md:hidden"
          aria-expanded={open}
          aria-controls={formId}
          onClick={() => setOpen((wasOpen) => !wasOpen)}
        >
          <ListFilter aria-hidden />
          Filter and sort{count ? ` (${count})` : ""}
        </Button>
      ) : null}
      <FilterForm filters={filters} statuses={statuses} categories={categories} id={formId} folded={!open} />
    </>
  );
}

/** The list's order and grouping (`sort=`, `group=`): part of the same GET form, so they work without JavaScript. */
function SortAndGroup({ filters }: { filters: TaskFilters }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:col-span-2 lg:col-span-4">
      <FilterSelect
        name="sort"
        label="Sort tasks"
        allLabel={filters.risk ? "Sort: most costly first" : "Sort: due date"}
        value={filters.sort}
        options={SORT_VALUES}
        format={(value) => `Sort: ${SORT_LABELS[value as keyof typeof SORT_LABELS]}`}
      />
      <FilterSelect
        name="group"
        label="Group tasks"
        allLabel="No grouping"
        value={filters.group}
        options={GROUP_KEYS}
        format={(value) => `Group: ${GROUP_LABELS[value as keyof typeof GROUP_LABELS]}`}
      />
    </div>
  );
}

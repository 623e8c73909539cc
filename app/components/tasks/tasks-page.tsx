import { Link, useFetchers, useNavigate, useNavigation } from "@remix-run/react";
import { ClipboardList, Keyboard, ListFilter, Plus, SearchX, Settings2, Tags } from "lucide-react";
import { useCallback, useId, useMemo, useRef, useState, type ReactNode } from "react";
import { AppShell, PageHeader, type ShellUser } from "~/components/app-shell";
import { AssistantBox } from "~/components/assistant-box";
import { FlashBanner } from "~/components/flash";
import { KeptHtml } from "~/components/kept-html";
import { TooltipProvider } from "~/components/ui/tooltip";
import { useLiveList } from "~/components/live-provider";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import type { ListedTask } from "~/domain/live-list";
import type { TaskFilters } from "~/domain/schemas";
import { compareForOrder, groupRows, type ListOrder } from "~/domain/task-compare";
import { parseSort, type DayBucketDates, type TaskView } from "~/domain/task-order";
import { filterSearch, hasListFilters } from "~/lib/task-filters";
import { useHydrated } from "~/lib/use-hydrated";
import { useLinkDialog } from "~/lib/use-link-dialog";
import type { AssignableMember } from "~/domain/assignees";
import { CreateTaskDialog } from "./create-task-dialog";
import { ManageList, manageListCopy, type ManagedList } from "./manage-list";
import { TaskBulkBar } from "./task-bulk-bar";
import { TaskCard } from "./task-card";
import type { TaskSummary } from "./task-summary";
import { GroupLabel, useListKeyboard, useShownView, ViewSwitch } from "./task-list-parts";
import { TaskTable } from "./task-table";
import { TaskFilterBar } from "./task-filters";
import { TaskSkeletons } from "./task-skeletons";
import { TaskForm, type CreateTaskReply } from "./task-form";
import { plural } from "~/domain/labels";

export interface TasksPageProps {
  user: ShellUser;
  tasks: TaskSummary[];
  pagination: { page: number; pageSize: number; total: number };
  /** How many matching tasks each group holds across every page (when the list is grouped). */
  groupCounts: Record<string, number>;
  /** Today and the event's day: what "days to the show" groups turn on. */
  dates: DayBucketDates;
  /** Cards or the compact table, as the viewer last chose. */
  view: TaskView;
  categories: string[];
  statuses: string[];
  filters: TaskFilters;
  today: string;
  panel: "new" | ManagedList | null;
  createResult?: CreateTaskReply;
  /** The inline create form's "Depends on" choices without JavaScript (a few open tasks; with it, a search). */
  dependencyChoices: Array<{ id: string; title: string }>;
  /** The workspace's members: the assignee choices. */
  members: AssignableMember[];
  /** The 'Add with AI' box (or its feature gate), shown above the list. */
  addWithAi?: ReactNode;
  /** Whether the plan lets the workspace add statuses of its own. */
  customStatuses: boolean;
}

export function TasksPage({
  user,
  tasks: loadedTasks,
  pagination: loadedPagination,
  groupCounts,
  dates,
  view: storedView,
  categories,
  statuses,
  filters,
  today,
  panel,
  createResult,
  dependencyChoices,
  members,
  addWithAi,
  customStatuses,
}: TasksPageProps) {
  const navigation = useNavigation();
  const navigate = useNavigate();
  const create = useLinkDialog();
  const manageCategories = useLinkDialog();
  const manageStatuses = useLinkDialog();
  // Changes from other pages, the API or Slack are applied to this page of the list in place; only one that
  // would bring in rows this page never held refetches it (see the hook).
  const loaded = useMemo(
    () => ({ tasks: loadedTasks, total: loadedPagination.total }),
    [loadedTasks, loadedPagination.total],
  );
  // The list's order (`sort=`, `group=`), as the SQL orders it, places live changes among the page's rows.
  const listOrder: ListOrder = useMemo(
    () => ({ sort: parseSort(filters.sort), group: filters.group, dates }),
    [filters.sort, filters.group, dates],
  );
  const order = useCallback((a: ListedTask, b: ListedTask) => compareForOrder(a, b, listOrder), [listOrder]);
  const { tasks, total } = useLiveList(loaded, {
    filters,
    viewerId: user.userId,
    order,
    offset: (loadedPagination.page - 1) * loadedPagination.pageSize,
    limit: loadedPagination.pageSize,
  });
  const pagination = { ...loadedPagination, total };
  const groups = useMemo(() => groupRows(tasks, listOrder), [tasks, listOrder]);

  const listUrl = `/tasks${filterSearch(filters)}`;
  // A task's page keeps the list's query string (filters, order, page), so closing it comes back to this list.
  const listSearch = filterSearch(filters, pagination.page > 1 ? { page: String(pagination.page) } : {});
  const taskHref = useCallback((id: string) => `/tasks/${id}${listSearch}`, [listSearch]);
  const filtered = hasListFilters(filters);
  const loadingList = navigation.state === "loading" && navigation.location.pathname === "/tasks";

  const hydrated = useHydrated();
  const view = useShownView(storedView, useFetchers().find((f) => f.formData?.get("intent") === "view")?.formData);
  const [selection, setSelection] = useState<ReadonlySet<string>>(new Set());
  const selected = useMemo(
    () => new Set(tasks.filter((t) => selection.has(t.id)).map((t) => t.id)),
    [tasks, selection],
  );
  const toggle = useCallback(
    (id: string) =>
      setSelection((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );
  const allSelected = tasks.length > 0 && selected.size === tasks.length;
  const toggleAll = () => setSelection(allSelected ? new Set() : new Set(tasks.map((t) => t.id)));
  const clearSelection = useCallback(() => setSelection(new Set()), []);
  const listRef = useRef<HTMLDivElement>(null);
  // On a phone the filters fold behind a button, so the first screen shows tasks (without JavaScript they show).
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filterFormId = useId();
  const filterCount = Object.values(filters).filter(Boolean).length;
  const keyboard = useMemo(
    () => ({ toggle, open: (id: string) => navigate(taskHref(id)) }),
    [toggle, navigate, taskHref],
  );
  useListKeyboard(listRef, keyboard);

  const createLink = (children: ReactNode) =>
    panel === "new" ? (
      <Button asChild>
        <a href="#create-task-heading">{children}</a>
      </Button>
    ) : (
      <Button asChild>
        <Link to={`/tasks${filterSearch(filters, { new: "1" })}`} onClick={create.openFromLink}>
          {children}
        </Link>
      </Button>
    );

  const manageLink = (kind: ManagedList, dialog: ReturnType<typeof useLinkDialog>, icon: ReactNode) => (
    <Button asChild variant="secondary">
      <Link
        to={`/tasks${filterSearch(filters, { manage: kind })}`}
        onClick={panel === kind ? undefined : dialog.openFromLink}
      >
        {icon}
        <span className="max-sm:sr-only">{manageListCopy(kind).title}</span>
      </Link>
    </Button>
  );

  return (
    // Only this page shows tooltips (in Manage Categories and Statuses), so only it loads their positioning code.
    <TooltipProvider>
      <AppShell user={user}>
        <PageHeader
          title="Tasks"
          description={
            filtered
              ? `${plural(pagination.total, "task matches", "tasks match")} your filters`
              : `${plural(pagination.total, "task")} on the board`
          }
          actions={
            <>
              {manageLink("categories", manageCategories, <Tags aria-hidden />)}
              {manageLink("statuses", manageStatuses, <Settings2 aria-hidden />)}
              {createLink(
                <>
                  <Plus aria-hidden />
                  Create Task
                </>,
              )}
            </>
          }
        />

        <FlashBanner />

        {panel === "new" ? (
          <Card className="mb-6" role="region" aria-labelledby="create-task-heading">
            <CardHeader>
              <CardTitle asChild>
                <h2 id="create-task-heading">Create Task</h2>
              </CardTitle>
              <CardDescription>Add a task to the board. Only the title is required.</CardDescription>
            </CardHeader>
            <CardContent>
              <TaskForm
                action={`/tasks${filterSearch(filters, { new: "1" })}`}
                categories={categories}
                dependencyChoices={dependencyChoices}
                members={members}
                meId={user.userId}
                today={today}
                lastResult={createResult}
                onCreated={() => navigate(listUrl, { replace: true, preventScrollReset: true })}
                cancel={
                  <Button asChild variant="ghost">
                    <Link to={listUrl}>Cancel</Link>
                  </Button>
                }
              />
            </CardContent>
          </Card>
        ) : null}

        {panel === "categories" || panel === "statuses" ? (
          <Card className="mb-6" role="region" aria-labelledby="manage-list-heading">
            <CardHeader>
              <CardTitle asChild>
                <h2 id="manage-list-heading">{manageListCopy(panel).title}</h2>
              </CardTitle>
              <CardDescription>{manageListCopy(panel).description}</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4">
              <ManageList
                kind={panel}
                names={panel === "categories" ? categories : statuses}
                action={`/tasks${filterSearch(filters, { manage: panel })}`}
                canAdd={panel === "categories" || customStatuses}
              />
              <div>
                <Button asChild variant="secondary">
                  <Link to={listUrl}>Done</Link>
                </Button>
              </div>
            </CardContent>
          </Card>
        ) : null}

        {/* On a phone the list comes first: the boxes that add work (Add with AI) follow it. */}
        <div className="flex flex-col">
          <div className="max-md:order-last max-md:mt-6 md:mb-6">
            {addWithAi}
            <AssistantBox className="mt-6" />
          </div>

          {hydrated ? (
            <Button
              type="button"
              variant="secondary"
              className="mb-3 self-start md:hidden"
              aria-expanded={filtersOpen}
              aria-controls={filterFormId}
              onClick={() => setFiltersOpen((open) => !open)}
            >
              <ListFilter aria-hidden />
              Filter and sort{filterCount ? ` (${filterCount})` : ""}
            </Button>
          ) : null}
          <TaskFilterBar
            filters={filters}
            statuses={statuses}
            categories={categories}
            id={filterFormId}
            folded={!filtersOpen}
          />

          <section aria-labelledby="task-list-title" aria-busy={loadingList}>
            <h2 id="task-list-title" className="sr-only">
              Task list
            </h2>
            {loadingList ? (
              <TaskSkeletons count={5} className="md:grid-cols-2 xl:grid-cols-3" />
            ) : tasks.length > 0 ? (
              <>
                <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
                  <div className="flex items-center gap-4">
                    {hydrated ? (
                      <label className="flex cursor-pointer items-center gap-2 text-sm font-medium text-slate-700">
                        <input
                          type="checkbox"
                          className="size-4 accent-brand-600"
                          checked={allSelected}
                          onChange={toggleAll}
                        />
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
                {/* The cards' markup is a function of this data: the server keeps it while it holds (ADR 029). */}
                <KeptHtml
                  ref={listRef}
                  name="task-list"
                  data={{
                    view,
                    groups,
                    group: filters.group,
                    groupCounts,
                    dates,
                    today,
                    meId: user.userId,
                    statuses,
                    listUrl,
                    listSearch,
                    selected: [...selected],
                  }}
                >
                  {view === "table" ? (
                    <TaskTable
                      groups={groups}
                      group={filters.group}
                      groupCounts={groupCounts}
                      dates={dates}
                      today={today}
                      meId={user.userId}
                      taskHref={taskHref}
                      selected={selected}
                      onToggle={toggle}
                      allSelected={allSelected}
                      onToggleAll={toggleAll}
                    />
                  ) : (
                    groups.map(({ key, tasks: rows }) => (
                      <section key={key} className="mb-6 last:mb-0">
                        {filters.group ? (
                          <h3 className="mb-3 text-base font-semibold text-slate-800">
                            <GroupLabel
                              group={filters.group}
                              groupKey={key}
                              rows={rows}
                              counts={groupCounts}
                              dates={dates}
                            />
                          </h3>
                        ) : null}
                        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
                          {rows.map((task) => (
                            <li key={task.id}>
                              <TaskCard
                                task={task}
                                statuses={statuses}
                                today={today}
                                action={listUrl}
                                meId={user.userId}
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
                </KeptHtml>
                <TaskBulkBar
                  action={listUrl}
                  count={selected.size}
                  statuses={statuses}
                  categories={categories}
                  members={members}
                  onDone={clearSelection}
                  onClear={clearSelection}
                />
                <Pagination
                  {...pagination}
                  shown={tasks.length}
                  hrefFor={(page) => `/tasks${filterSearch(filters, { page: String(page) })}`}
                />
              </>
            ) : pagination.total > 0 ? (
              <EmptyState
                icon={<SearchX className="size-8" aria-hidden />}
                title="This page is empty"
                text={`The list has ${plural(pagination.total, "task")}; this page is past its end.`}
                action={
                  <Button asChild variant="secondary">
                    <Link to={`/tasks${filterSearch(filters)}`}>Back to the first page</Link>
                  </Button>
                }
              />
            ) : filtered ? (
              <EmptyState
                icon={<SearchX className="size-8" aria-hidden />}
                title="No tasks found"
                text="Nothing matches this search and these filters. Try fewer filters or a different word."
                action={
                  <Button asChild variant="secondary">
                    <Link to="/tasks">Clear filters</Link>
                  </Button>
                }
              />
            ) : (
              <EmptyState
                icon={<ClipboardList className="size-8" aria-hidden />}
                title="No tasks yet"
                text="Start with what keeps you up at night: the stage plot, the power order, the artist pickups."
                action={createLink(
                  <>
                    <Plus aria-hidden />
                    Create First Task
                  </>,
                )}
              />
            )}
          </section>
        </div>

        {panel === "new" ? null : (
          <CreateTaskDialog
            open={create.open}
            onOpenChange={create.setOpen}
            onCloseAutoFocus={create.onCloseAutoFocus}
            action={listUrl}
            categories={categories}
            members={members}
            meId={user.userId}
            today={today}
          />
        )}
        {(
          [
            ["categories", manageCategories, categories],
            ["statuses", manageStatuses, statuses],
          ] as const
        ).map(([kind, dialog, names]) =>
          panel === kind ? null : (
            <Dialog key={kind} open={dialog.open} onOpenChange={dialog.setOpen}>
              <DialogContent onCloseAutoFocus={dialog.onCloseAutoFocus}>
                <DialogHeader>
                  <DialogTitle>{manageListCopy(kind).title}</DialogTitle>
                  <DialogDescription>{manageListCopy(kind).description}</DialogDescription>
                </DialogHeader>
                <ManageList
                  kind={kind}
                  names={names}
                  action={listUrl}
                  canAdd={kind === "categories" || customStatuses}
                />
              </DialogContent>
            </Dialog>
          ),
        )}
      </AppShell>
    </TooltipProvider>
  );
}

function EmptyState({
  icon,
  title,
  text,
  action,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  action: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
      <span className="text-slate-400">{icon}</span>
      <h3 className="mt-3 text-lg font-semibold text-slate-900">{title}</h3>
      <p className="mt-1 max-w-md text-sm text-slate-600">{text}</p>
      <div className="mt-6">{action}</div>
    </div>
  );
}

/** Previous/next links for long boards: plain links, so paging works without JavaScript too. */
function Pagination({
  page,
  pageSize,
  total,
  shown,
  hrefFor,
}: {
  page: number;
  pageSize: number;
  total: number;
  shown: number;
  hrefFor: (page: number) => string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const first = (page - 1) * pageSize + 1;
  return (
    <nav
      aria-label="Task pages"
      className="mt-6 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600"
    >
      <p>
        Showing {first}–{first + shown - 1} of {total}
      </p>
      <div className="flex gap-2">
        {page > 1 ? (
          <Button asChild variant="secondary" size="sm">
            <Link to={hrefFor(Math.min(page - 1, pages))} rel="prev">
              Previous
            </Link>
          </Button>
        ) : null}
        {page < pages ? (
          <Button asChild variant="secondary" size="sm">
            <Link to={hrefFor(page + 1)} rel="next">
              Next
            </Link>
          </Button>
        ) : null}
      </div>
    </nav>
  );
}

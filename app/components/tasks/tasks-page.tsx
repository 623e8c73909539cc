import { Link, useFetchers, useNavigation } from "@remix-run/react";
import { ChevronRight, Download, FileUp, MessageCircleQuestion, Plus, Settings2, Sparkles, Tags } from "lucide-react";
import { useCallback, useMemo, useState, type ReactNode } from "react";
import { AppShell, PageHeader, type ShellUser } from "~/components/app-shell";
import { AssistantBox } from "~/components/assistant-box";
import { FlashBanner } from "~/components/flash";
import { useLiveList } from "~/components/live-provider";
import { Button } from "~/components/ui/button";
import { TooltipProvider } from "~/components/ui/tooltip";
import type { AssignableMember } from "~/domain/assignees";
import { plural } from "~/domain/labels";
import type { ListedTask } from "~/domain/live-list";
import type { TaskFilters } from "~/domain/schemas";
import { compareForOrder, groupRows, type ListOrder } from "~/domain/task-compare";
import { parseSort, type DayBucketDates, type TaskView } from "~/domain/task-order";
import { filterSearch, hasListFilters } from "~/lib/task-filters";
import { useLinkDialog } from "~/lib/use-link-dialog";
import { CreateTaskDialog } from "./create-task-dialog";
import { manageListCopy, type ManagedList } from "./manage-list";
import { TaskBulkBar } from "./task-bulk-bar";
import { TaskFilterBar } from "./task-filters";
import type { CreateTaskReply } from "./task-form";
import { TaskList } from "./task-list";
import { TaskListEmpty } from "./task-list-empty";
import { useShownView } from "./task-list-parts";
import { CreateTaskPanel, ManageListDialog, ManageListPanel } from "./task-list-panels";
import { TaskPagination } from "./task-pagination";
import { TaskSkeletons } from "./task-skeletons";
import type { TaskSummary } from "./task-summary";
import { useTaskSelection } from "./use-task-selection";

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

/**
 * The task list: the header's Create and Manage links, the forms they open inline without JavaScript, the boxes that
 * add work, the filters, one page of tasks (kept current by the live socket), the bulk bar and paging.
 */
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
  // The list is what the page is for: on a board with tasks, the boxes that add work fold to a line each so tasks
  // show on the first screen (issue 33). An empty board opens them. Decided once per visit, so a box stays open
  // while the tasks it made arrive.
  const [boxesOpen] = useState(() => loadedPagination.total === 0);
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
  const selection = useTaskSelection(tasks);
  const view = useShownView(storedView, useFetchers().find((f) => f.formData?.get("intent") === "view")?.formData);

  const listUrl = `/tasks${filterSearch(filters)}`;
  // A task's page keeps the list's query string (filters, order, page), so closing it comes back to this list.
  const listSearch = filterSearch(filters, pagination.page > 1 ? { page: String(pagination.page) } : {});
  const taskHref = useCallback((id: string) => `/tasks/${id}${listSearch}`, [listSearch]);
  const createHref = `/tasks${filterSearch(filters, { new: "1" })}`;
  const manageHref = (kind: ManagedList) => `/tasks${filterSearch(filters, { manage: kind })}`;
  const loadingList = navigation.state === "loading" && navigation.location.pathname === "/tasks";
  const canAdd = (kind: ManagedList) => kind === "categories" || customStatuses;
  const manageDialogs = { categories: manageCategories, statuses: manageStatuses } as const;

  const createLink = (children: ReactNode) =>
    panel === "new" ? (
      <Button asChild>
        <a href="#create-task-heading">{children}</a>
      </Button>
    ) : (
      <Button asChild>
        <Link to={createHref} onClick={create.openFromLink}>
          {children}
        </Link>
      </Button>
    );

  const manageLink = (kind: ManagedList, icon: ReactNode) => (
    <Button asChild variant="secondary">
      <Link to={manageHref(kind)} onClick={panel === kind ? undefined : manageDialogs[kind].openFromLink}>
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
            hasListFilters(filters)
              ? `${plural(pagination.total, "task matches", "tasks match")} your filters`
              : `${plural(pagination.total, "task")} on the board`
          }
          actions={
            <>
              {manageLink("categories", <Tags aria-hidden />)}
              {manageLink("statuses", <Settings2 aria-hidden />)}
              <Button asChild variant="secondary">
                <Link to="/tasks/import" prefetch="intent">
                  <FileUp aria-hidden />
                  <span className="max-sm:sr-only">Import</span>
                </Link>
              </Button>
              {/* Downloads of the list as filtered now (the API's export route; a plain link, no client navigation). */}
              {(["csv", "xlsx"] as const).map((format) => (
                <Button key={format} asChild variant="secondary">
                  <a href={`/api/tasks/export${filterSearch(filters, { format })}`} download>
                    <Download aria-hidden />
                    <span>
                      <span className="max-sm:sr-only">Export </span>
                      {format.toUpperCase()}
                    </span>
                  </a>
                </Button>
              ))}
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
          <CreateTaskPanel
            action={createHref}
            listUrl={listUrl}
            categories={categories}
            dependencyChoices={dependencyChoices}
            members={members}
            meId={user.userId}
            today={today}
            lastResult={createResult}
          />
        ) : null}

        {panel === "categories" || panel === "statuses" ? (
          <ManageListPanel
            kind={panel}
            names={panel === "categories" ? categories : statuses}
            action={manageHref(panel)}
            canAdd={canAdd(panel)}
            doneHref={listUrl}
          />
        ) : null}

        {/* On a phone the list comes first: the boxes that add work (Add with AI) follow it. */}
        <div className="flex flex-col">
          <div className="grid gap-3 max-md:order-last max-md:mt-6 md:mb-6">
            <FoldedBox
              title="Add with AI"
              hint="tasks in your own words, checked before they are made"
              icon={Sparkles}
              open={boxesOpen}
            >
              {addWithAi}
            </FoldedBox>
            <FoldedBox
              title="Ask the assistant"
              hint="what's overdue, who carries most, what blocks the show"
              icon={MessageCircleQuestion}
              open={boxesOpen}
            >
              <AssistantBox />
            </FoldedBox>
          </div>

          <TaskFilterBar filters={filters} statuses={statuses} categories={categories} />

          <section aria-labelledby="task-list-title" aria-busy={loadingList}>
            <h2 id="task-list-title" className="sr-only">
              Task list
            </h2>
            {loadingList ? (
              <TaskSkeletons count={5} className="md:grid-cols-2 xl:grid-cols-3" />
            ) : tasks.length > 0 ? (
              <>
                <TaskList
                  view={view}
                  groups={groups}
                  group={filters.group}
                  groupCounts={groupCounts}
                  dates={dates}
                  today={today}
                  meId={user.userId}
                  statuses={statuses}
                  listUrl={listUrl}
                  taskHref={taskHref}
                  selection={selection}
                />
                <TaskBulkBar
                  action={listUrl}
                  count={selection.selected.size}
                  statuses={statuses}
                  categories={categories}
                  members={members}
                  onDone={selection.clear}
                  onClear={selection.clear}
                />
                <TaskPagination
                  {...pagination}
                  shown={tasks.length}
                  hrefFor={(page) => `/tasks${filterSearch(filters, { page: String(page) })}`}
                />
              </>
            ) : (
              <TaskListEmpty
                total={pagination.total}
                filtered={hasListFilters(filters)}
                firstPageHref={listUrl}
                createButton={createLink(
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
        {(["categories", "statuses"] as const).map((kind) =>
          panel === kind ? null : (
            <ManageListDialog
              key={kind}
              kind={kind}
              dialog={manageDialogs[kind]}
              names={kind === "categories" ? categories : statuses}
              action={listUrl}
              canAdd={canAdd(kind)}
            />
          ),
        )}
      </AppShell>
    </TooltipProvider>
  );
}

/**
 * A box that adds work, folded to one line (a `<details>`, so it opens without JavaScript too); its own card, with
 * its heading, shows once it is open.
 */
function FoldedBox({
  title,
  hint,
  icon: Icon,
  open,
  children,
}: {
  title: string;
  hint: string;
  icon: typeof Sparkles;
  open: boolean;
  children: ReactNode;
}) {
  return (
    <details open={open || undefined} className="group">
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm shadow-sm hover:bg-slate-50 group-open:mb-3 [&::-webkit-details-marker]:hidden">
        <ChevronRight className="size-4 shrink-0 text-slate-500 transition group-open:rotate-90" aria-hidden />
        <Icon className="size-4 shrink-0 text-brand-600" aria-hidden />
        <span className="font-semibold text-slate-900">{title}</span>
        <span className="truncate text-slate-500 max-sm:hidden">{hint}</span>
      </summary>
      {children}
    </details>
  );
}

import { Link, useNavigate, useNavigation } from "@remix-run/react";
import { ClipboardList, Info, Plus, SearchX, Settings2, Tags } from "lucide-react";
import { useEffect, type ReactNode } from "react";
import { AppShell, PageHeader, type ShellUser } from "~/components/app-shell";
import { useToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Skeleton } from "~/components/ui/skeleton";
import type { TaskFilters } from "~/domain/schemas";
import type { ToastMessage } from "~/lib/toast";
import { useHydrated } from "~/lib/use-hydrated";
import { useLinkDialog } from "~/lib/use-link-dialog";
import { cn } from "~/lib/utils";
import type { TasksActionData } from "~/routes/tasks";
import type { TaskDto } from "~/services/tasks.server";
import { ManageList, manageListCopy, type ManagedList } from "./manage-list";
import { TaskCard } from "./task-card";
import { TaskFilterBar } from "./task-filters";
import { TaskForm } from "./task-form";

export interface TasksPageProps {
  user: ShellUser;
  tasks: TaskDto[];
  categories: string[];
  statuses: string[];
  filters: TaskFilters;
  today: string;
  panel: "new" | ManagedList | null;
  flash: ToastMessage | null;
  createResult?: TasksActionData;
  /** Every open task, whatever the filters: the create form's "Depends on" choices. */
  openTasks: Array<{ id: string; title: string }>;
  /** The 'Add with AI' box (or its feature gate), shown above the list. */
  addWithAi?: ReactNode;
}

/** The current filters as a query string, so every form posts back to the list the producer is looking at. */
function filterSearch(filters: TaskFilters, extra: Record<string, string> = {}) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filters, ...extra })) if (value) params.set(key, value);
  const search = params.toString();
  return search ? `?${search}` : "";
}

export function TasksPage({
  user,
  tasks,
  categories,
  statuses,
  filters,
  today,
  panel,
  flash,
  createResult,
  openTasks,
  addWithAi,
}: TasksPageProps) {
  const navigation = useNavigation();
  const navigate = useNavigate();
  const toast = useToast();
  const hydrated = useHydrated();
  const create = useLinkDialog();
  const manageCategories = useLinkDialog();
  const manageStatuses = useLinkDialog();

  const listUrl = `/tasks${filterSearch(filters)}`;
  const filtered = Object.values(filters).some(Boolean);
  const loadingList = navigation.state === "loading" && navigation.location.pathname === "/tasks";

  // A flash from a plain form post shows as a banner until JavaScript runs, then as a toast.
  useEffect(() => {
    if (flash) toast(flash);
  }, [flash, toast]);

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
        {manageListCopy(kind).title}
      </Link>
    </Button>
  );

  return (
    <AppShell user={user}>
      <PageHeader
        title="Tasks"
        description={
          filtered
            ? `${tasks.length} ${tasks.length === 1 ? "task matches" : "tasks match"} your filters`
            : `${tasks.length} ${tasks.length === 1 ? "task" : "tasks"} on the board`
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

      {flash && !hydrated ? (
        <div
          role="status"
          className={cn(
            "mb-6 flex gap-2 rounded-lg border p-3 text-sm",
            flash.variant === "destructive"
              ? "border-red-200 bg-red-50 text-red-800"
              : "border-emerald-200 bg-emerald-50 text-emerald-900",
          )}
        >
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
          <p>
            <strong className="font-semibold">{flash.title}</strong>
            {flash.description ? ` – ${flash.description}` : null}
          </p>
        </div>
      ) : null}

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
              openTasks={openTasks}
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

      {addWithAi}

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
            />
            <div>
              <Button asChild variant="secondary">
                <Link to={listUrl}>Done</Link>
              </Button>
            </div>
          </CardContent>
        </Card>
      ) : null}

      <TaskFilterBar filters={filters} statuses={statuses} categories={categories} />

      <section aria-labelledby="task-list-title" aria-busy={loadingList}>
        <h2 id="task-list-title" className="sr-only">
          Task list
        </h2>
        {loadingList ? (
          <TaskSkeletons />
        ) : tasks.length > 0 ? (
          <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {tasks.map((task) => (
              <li key={task.id}>
                <TaskCard task={task} statuses={statuses} today={today} action={listUrl} />
              </li>
            ))}
          </ul>
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

      {panel === "new" ? null : (
        <Dialog open={create.open} onOpenChange={create.setOpen}>
          <DialogContent onCloseAutoFocus={create.onCloseAutoFocus}>
            <DialogHeader>
              <DialogTitle>Create Task</DialogTitle>
              <DialogDescription>Add a task to the board. Only the title is required.</DialogDescription>
            </DialogHeader>
            <TaskForm
              action={listUrl}
              categories={categories}
              openTasks={openTasks}
              onCreated={() => create.setOpen(false)}
              cancel={
                <DialogClose asChild>
                  <Button type="button" variant="ghost">
                    Cancel
                  </Button>
                </DialogClose>
              }
            />
          </DialogContent>
        </Dialog>
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
              <ManageList kind={kind} names={names} action={listUrl} />
            </DialogContent>
          </Dialog>
        ),
      )}
    </AppShell>
  );
}

function TaskSkeletons() {
  return (
    <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Loading tasks">
      {Array.from({ length: 5 }, (_, i) => (
        <li
          key={i}
          className="grid gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
          data-testid="task-skeleton"
        >
          <div className="flex justify-between gap-3">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-5 w-14 rounded-full" />
          </div>
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-4/5" />
          <Skeleton className="mt-2 h-9 w-full" />
        </li>
      ))}
    </ul>
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

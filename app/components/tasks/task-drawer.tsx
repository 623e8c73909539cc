import { Link, useFetcher, useLocation, useNavigate } from "@remix-run/react";
import { ArrowLeft, CalendarClock, Trash2 } from "lucide-react";
import { useId, useRef, useState, type ReactNode } from "react";
import { FlashBanner } from "~/components/flash";
import { useToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
  sheetOverlayClass,
  sheetPanelClass,
} from "~/components/ui/sheet";
import { describeDue, plural, statusLabel } from "~/domain/labels";
import { listUrl, taskPageUrl } from "~/lib/task-page-url";
import { useHydrated } from "~/lib/use-hydrated";
import { useOnChange } from "~/lib/use-on-change";
import type { ToastMessage } from "~/lib/toast";
import type { action as tasksAction } from "~/routes/tasks";
import type { action as taskAction } from "~/routes/tasks.$id";
import type { TaskPage } from "~/services/task-editor.server";
import { TaskChecklist } from "./task-checklist";
import { TaskComments } from "./task-comments";
import { TaskEditForm } from "./task-edit-form";
import { TaskFiles } from "./task-files";
import { TaskHistoryList } from "./task-history-list";
import { TaskLinks } from "./task-links";
import { TaskSlackSource } from "./task-slack-source";

export type TaskDrawerProps = TaskPage & {
  meId: string;
  /** The server's clock when the page was read, so "2 h ago" renders the same on both sides. */
  now: string;
  today: string;
  /** `?confirm=delete`: the delete's confirm step without JavaScript. */
  confirmDelete: boolean;
  /** `?item={id}`: the checklist item being renamed without JavaScript. */
  editItem: string | null;
  /** `?comment={id}`: the comment being edited without JavaScript. */
  editComment: string | null;
  /** `?comments_before={id}`: the page of older comments shown. */
  commentsBefore: string | null;
  /** `?file={id}`: the file whose delete is being confirmed without JavaScript. */
  confirmFile: string | null;
};

/**
 * The panel's frame: with JavaScript a Radix Dialog from the right that closes back to the list (same query);
 * without it (and until hydration) the same panel rendered in place, with a "Back to tasks" link and a backdrop
 * that is a link back too.
 */
function DrawerFrame({
  title,
  description,
  taskId,
  children,
}: {
  title: string;
  description?: ReactNode;
  taskId?: string;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const { search } = useLocation();
  const back = listUrl(search);
  const titleId = useId();
  const content = useRef<HTMLDivElement>(null);
  const header = (heading: ReactNode, describe: ReactNode) => (
    <SheetHeader className="border-b border-slate-200 pt-5 pr-14 pb-4 pl-5 sm:pl-6">
      {hydrated ? null : (
        <Link
          to={back}
          className="mb-2 inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden />
          Back to tasks
        </Link>
      )}
      {heading}
      {describe}
    </SheetHeader>
  );
  const body = <div className="grid gap-8 px-5 py-5 sm:px-6">{children}</div>;

  if (!hydrated) {
    return (
      <div className="fixed inset-0 z-50">
        <a href={back} tabIndex={-1} aria-hidden className={sheetOverlayClass}>
          <span className="sr-only">Back to tasks</span>
        </a>
        <aside aria-labelledby={titleId} className={sheetPanelClass}>
          {header(
            <h2 id={titleId} className="text-lg font-semibold break-words text-slate-900">
              {title}
            </h2>,
            description ? <p className="text-sm text-slate-600">{description}</p> : null,
          )}
          {body}
        </aside>
      </div>
    );
  }
  return (
    <Sheet
      open
      onOpenChange={(open) => {
        if (!open) navigate(back, { preventScrollReset: true });
      }}
    >
      <SheetContent
        ref={content}
        {...(description ? {} : { "aria-describedby": undefined })}
        // The panel itself takes the focus, so its title is read first and no field is selected by surprise.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          content.current?.focus();
        }}
        onCloseAutoFocus={(event) => {
          // Back to the task's own link in the list, rather than the top of the page.
          const card = taskId && document.querySelector<HTMLElement>(`a[href^="/tasks/${CSS.escape(taskId)}"]`);
          if (card) {
            event.preventDefault();
            card.focus();
          }
        }}
      >
        {header(
          <SheetTitle>{title}</SheetTitle>,
          description ? <SheetDescription>{description}</SheetDescription> : null,
        )}
        {body}
      </SheetContent>
    </Sheet>
  );
}

/** A task id that is not this workspace's (or was deleted): said in the same panel, with the way back. */
export function TaskNotFound() {
  const { search } = useLocation();
  return (
    <DrawerFrame title="Task not found" description="It may have been deleted, or it belongs to another workspace.">
      <div>
        <Button asChild variant="secondary">
          <Link to={listUrl(search)}>Back to tasks</Link>
        </Button>
      </div>
    </DrawerFrame>
  );
}

/**
 * One task: its checklist, its files, its editor, its dependencies both ways, its comments, the offer to move what
 * waits for it, delete, its history.
 */
export function TaskDrawer(props: TaskDrawerProps) {
  const { task, today } = props;
  const [slip, setSlip] = useState<TaskPage["slip"]>(null);
  const due = describeDue(task, today);
  const summary = [statusLabel(task.status), due?.label, task.assigneeName ?? "Unassigned"].filter(Boolean).join(" · ");
  const offer = slip ?? props.slip;

  return (
    <DrawerFrame title={task.title} description={summary} taskId={task.id}>
      <FlashBanner />
      <TaskSlackSource slack={task.slack} />
      {offer ? (
        <MoveDependantsOffer key={`${task.updatedAt}`} {...offer} taskId={task.id} onDone={() => setSlip(null)} />
      ) : null}
      <TaskChecklist taskId={task.id} checklist={task.checklist} editItem={props.editItem} />
      <TaskFiles
        taskId={task.id}
        files={props.files}
        storage={props.storage}
        now={props.now}
        confirmFile={props.confirmFile}
      />
      <TaskEditForm {...props} onSaved={setSlip} />
      <TaskLinks {...props} />
      <TaskComments
        key={task.id}
        taskId={task.id}
        data={props.comments}
        members={props.members}
        meId={props.meId}
        now={props.now}
        editComment={props.editComment}
        commentsBefore={props.commentsBefore}
      />
      <DeleteTask
        taskId={task.id}
        title={task.title}
        confirm={props.confirmDelete}
        recurring={task.recurrence !== null || task.occurrence !== null}
      />
      <TaskHistoryList history={props.history} now={props.now} />
    </DrawerFrame>
  );
}

/**
 * "3 tasks wait for this. Move them by 2 days too?": one button, one undoable change. Once moved it says so with
 * its own 'Undo' (the toast's is out of reach of the keyboard while the drawer holds the focus).
 */
function MoveDependantsOffer({
  taskId,
  days,
  count,
  onDone,
}: {
  taskId: string;
  days: number;
  count: number;
  onDone: () => void;
}) {
  const fetcher = useFetcher<typeof taskAction>();
  const undo = useFetcher<typeof tasksAction>();
  const toast = useToast();
  const { search } = useLocation();
  const [moved, setMoved] = useState<ToastMessage | null>(null);
  useOnChange(fetcher.data, (outcome) => {
    if (outcome.intent !== "move-dependants") return;
    if (outcome.toast) toast(outcome.toast);
    if (outcome.ok) setMoved(outcome.toast ?? null);
  });
  useOnChange(undo.data, (outcome) => {
    if (outcome.toast) toast(outcome.toast);
    if (outcome.ok) onDone();
  });
  const them = count === 1 ? "it" : "them";
  const busy = fetcher.state !== "idle" || undo.state !== "idle";
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950 sm:flex-row sm:items-center"
    >
      <CalendarClock className="hidden size-5 shrink-0 text-amber-700 sm:block" aria-hidden />
      {moved?.undo ? (
        <>
          <p className="flex-1">{moved.description}</p>
          <undo.Form method="post" action="/tasks?index">
            <input type="hidden" name="intent" value="undo" />
            <input type="hidden" name="at" value={moved.undo.at} />
            <Button type="submit" size="sm" variant="secondary" disabled={busy}>
              Undo
            </Button>
          </undo.Form>
        </>
      ) : (
        <>
          <p className="flex-1">
            {count === 1 ? "1 task waits" : `${count} tasks wait`} for this. Move {them} by {plural(days, "day")} too?
          </p>
          <fetcher.Form method="post" action={taskPageUrl(taskId, search)}>
            <input type="hidden" name="intent" value="move-dependants" />
            <input type="hidden" name="days" value={days} />
            <Button type="submit" size="sm" disabled={busy}>
              Move {them} by {plural(days, "day")}
            </Button>
          </fetcher.Form>
        </>
      )}
    </div>
  );
}

/**
 * 'Delete' with a confirm step (a link to `?confirm=delete` without JavaScript); the list says it with an Undo. A
 * recurring task offers "This one" or "This and the following" (ADR 021).
 */
function DeleteTask({
  taskId,
  title,
  confirm,
  recurring,
}: {
  taskId: string;
  title: string;
  confirm: boolean;
  recurring: boolean;
}) {
  const hydrated = useHydrated();
  const [confirming, setConfirming] = useState(false);
  const fetcher = useFetcher<typeof taskAction>();
  const toast = useToast();
  const navigate = useNavigate();
  const { search } = useLocation();
  const headingId = useId();
  useOnChange(fetcher.data, (outcome) => {
    if (outcome.intent !== "delete") return;
    if (outcome.toast) toast(outcome.toast);
    if (outcome.ok) navigate(listUrl(search), { preventScrollReset: true });
  });
  const asking = hydrated ? confirming : confirm;

  return (
    <section aria-labelledby={headingId} className="grid gap-3 border-t border-slate-200 pt-6">
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        Delete this task
      </h3>
      {asking ? (
        <div className="grid gap-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          <p>
            Delete “{title}”? It is kept for 30 days: Undo, or a restore, brings it back with its dependencies and
            files.
          </p>
          {recurring ? (
            <p>
              It repeats. “This one” deletes only this occurrence; “This and the following” also deletes the later ones
              and stops the series.
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <fetcher.Form method="post" action={taskPageUrl(taskId, search)}>
              <input type="hidden" name="intent" value="delete" />
              {recurring ? (
                <div className="flex flex-wrap gap-2">
                  <Button type="submit" name="series" value="this" variant="destructive" disabled={fetcher.state !== "idle"}>
                    <Trash2 aria-hidden />
                    This one
                  </Button>
                  <Button type="submit" name="series" value="following" variant="destructive" disabled={fetcher.state !== "idle"}>
                    This and the following
                  </Button>
                </div>
              ) : (
                <Button type="submit" variant="destructive" disabled={fetcher.state !== "idle"}>
                  <Trash2 aria-hidden />
                  Delete task
                </Button>
              )}
            </fetcher.Form>
            {hydrated ? (
              <Button type="button" variant="ghost" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
            ) : (
              <Button asChild variant="ghost">
                <Link to={taskPageUrl(taskId, search)}>Cancel</Link>
              </Button>
            )}
          </div>
        </div>
      ) : (
        <div>
          <Button asChild variant="secondary">
            <Link
              to={taskPageUrl(taskId, search, { confirm: "delete" })}
              preventScrollReset
              onClick={(event) => {
                if (!hydrated) return;
                event.preventDefault();
                setConfirming(true);
              }}
            >
              <Trash2 aria-hidden />
              Delete
            </Link>
          </Button>
        </div>
      )}
    </section>
  );
}

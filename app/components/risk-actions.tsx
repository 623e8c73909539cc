import { Link, useFetcher } from "@remix-run/react";
import { useId, type ReactNode } from "react";
import { useToast } from "~/components/toaster";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import type { AssignableMember } from "~/domain/assignees";
import { useHydrated } from "~/lib/use-hydrated";
import { useOnChange } from "~/lib/use-on-change";
import { cn } from "~/lib/utils";
import type { action as tasksAction } from "~/routes/tasks";

/** How far 'Move date' moves a task, in days: the slips a producer actually grants. */
const MOVE_DAYS: ReadonlyArray<[number, string]> = [
  [1, "1 day later"],
  [2, "2 days later"],
  [3, "3 days later"],
  [7, "1 week later"],
  [14, "2 weeks later"],
];

export interface RiskTaskRef {
  id: string;
  title: string;
  dueDate: string | null;
  assigneeId: string | null;
}

/**
 * What a producer can do about one at-risk task from the Risks card: 'Assign' it to a member, 'Move date' by a
 * few days or to a chosen date, 'Acknowledge' it, or 'Open' it. Assign and Move are the list's bulk actions on one
 * task (intent `bulk`), so the rules, the history and the toast's Undo are the same; each sits behind a native
 * <details>. Their forms are drawn once the page runs JavaScript: fifteen risks' forms and member lists in the HTML
 * would double the dashboard's weight (issue 15). The summaries are in the HTML, hidden until React runs, so the
 * Risks card keeps its layout when the forms arrive. Without JavaScript the card offers 'Acknowledge' (one button, a
 * plain form), 'Open' and "See all", the list filtered to risks, whose bulk bar assigns and moves with plain forms.
 */
export function RiskActions({
  task,
  members,
  meId,
  action,
}: {
  task: RiskTaskRef;
  members: readonly AssignableMember[];
  meId: string;
  action: string;
}) {
  const hydrated = useHydrated();
  const others = members.filter((member) => member.id !== task.assigneeId);
  return (
    <div className="mt-2 flex flex-wrap items-start gap-2">
      {others.length > 0 ? (
        <RiskForm task={task} action={action} kind="assign" summary="Assign" hydrated={hydrated}>
          {(fieldId) => (
            <NativeSelect id={fieldId} name="assigneeId" required defaultValue="" className="h-9">
              <option value="" disabled>
                Choose a person
              </option>
              {others.map((member) => (
                <option key={member.id} value={member.id}>
                  {member.id === meId ? `Me (${member.name})` : member.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </RiskForm>
      ) : null}
      {task.dueDate ? (
        <RiskForm task={task} action={action} kind="move" summary="Move date" hydrated={hydrated}>
          {(fieldId) => (
            <>
              <NativeSelect id={fieldId} name="days" defaultValue="1" className="h-9 w-auto">
                {MOVE_DAYS.map(([days, label]) => (
                  <option key={days} value={days}>
                    {label}
                  </option>
                ))}
              </NativeSelect>
              {/* A date chosen here wins over the days (app/services/task-bulk.server.ts): earlier or later alike. */}
              <span className="flex items-center gap-2">
                <label htmlFor={`${fieldId}-to`} className="text-sm text-slate-700">
                  or move to<span className="sr-only"> a date: “{task.title}”</span>
                </label>
                <Input id={`${fieldId}-to`} name="to" type="date" className="h-9 w-40" />
              </span>
            </>
          )}
        </RiskForm>
      ) : null}
      <TaskIntentButton
        action={action}
        intent="acknowledge-risk"
        taskId={task.id}
        label="Acknowledge"
        taskTitle={task.title}
        hydrated={hydrated}
      />
      <Link to={`/tasks/${task.id}`} className={buttonVariants({ variant: "ghost", size: "sm" })}>
        Open<span className="sr-only"> “{task.title}”</span>
      </Link>
    </div>
  );
}

/** Once per module rather than per risk: the server renders the summaries too. */
const SUMMARY_CLASS = cn(
  buttonVariants({ variant: "secondary", size: "sm" }),
  "cursor-pointer list-none [&::-webkit-details-marker]:hidden",
);

interface RiskFormProps {
  task: RiskTaskRef;
  action: string;
  kind: "assign" | "move";
  summary: string;
  children: (fieldId: string) => ReactNode;
}

/**
 * One action behind a disclosure: once `hydrated`, its field and a submit button posting the bulk action for this
 * task alone; before, the summary alone (hidden until React runs), without the form's hooks, which the server would
 * run for every risk of every dashboard it renders.
 */
function RiskForm({ hydrated, ...props }: RiskFormProps & { hydrated: boolean }) {
  return hydrated ? <LiveRiskForm {...props} /> : <RiskDisclosure task={props.task} summary={props.summary} />;
}

function RiskDisclosure({ task, summary, children }: { task: RiskTaskRef; summary: string; children?: ReactNode }) {
  return (
    <details className="group min-w-0 unhydrated:hidden">
      <summary className={SUMMARY_CLASS}>
        {summary}
        <span className="sr-only"> – {task.title}</span>
      </summary>
      {children}
    </details>
  );
}

function LiveRiskForm({ task, action, kind, summary, children }: RiskFormProps) {
  const fetcher = useFetcher<typeof tasksAction>();
  const toast = useToast();
  const fieldId = useId();
  const busy = fetcher.state !== "idle";
  // The toast says what changed and offers Undo (the bulk bar's); the card reloads with the plan.
  useOnChange(fetcher.data?.toast, toast);
  return (
    <RiskDisclosure task={task} summary={summary}>
      <fetcher.Form method="post" action={action} className="mt-2 flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="bulk" />
        <input type="hidden" name="action" value={kind} />
        <input type="hidden" name="ids" value={task.id} />
        <label htmlFor={fieldId} className="sr-only">
          {kind === "assign" ? `Assign “${task.title}” to` : `Move “${task.title}” to`}
        </label>
        {children(fieldId)}
        <Button type="submit" size="sm" className="h-9" disabled={busy}>
          {kind === "assign" ? "Assign" : "Move"}
        </Button>
      </fetcher.Form>
    </RiskDisclosure>
  );
}

export type TaskIntent = "acknowledge-risk" | "show-risk-again";

/** The id of the card's one form per intent that the buttons submit before React runs (`TaskIntentForms`). */
const intentFormId = (intent: TaskIntent) => `${intent}-form`;

/**
 * The Risks card's plain forms, one per intent, each holding only its intent: until React runs, every 'Acknowledge'
 * or 'Show again' button submits one of them (the `form` attribute) with its task's id as the button's value, so
 * fifteen risks add fifteen buttons to the HTML, not fifteen forms (the dashboard's byte budget, issue 15).
 */
export function TaskIntentForms({ action }: { action: string }) {
  return (
    <>
      {(["acknowledge-risk", "show-risk-again"] as const).map((intent) => (
        <form key={intent} id={intentFormId(intent)} method="post" action={action} hidden>
          <input type="hidden" name="intent" value={intent} />
        </form>
      ))}
    </>
  );
}

/**
 * One button posting `intent` for one task to the page's action ('Acknowledge', 'Show again'). Until React runs it
 * submits the card's plain form (`TaskIntentForms`; without JavaScript the page reloads with a toast) and runs no
 * hooks on the server for each risk; then it is a fetcher form whose toast says what happened while the card reloads.
 */
export function TaskIntentButton(props: {
  action: string;
  intent: TaskIntent;
  taskId: string;
  label: string;
  taskTitle: string;
  hydrated: boolean;
}) {
  if (props.hydrated) return <LiveTaskIntentButton {...props} />;
  return (
    <button
      type="submit"
      form={intentFormId(props.intent)}
      name="taskId"
      value={props.taskId}
      className={buttonVariants({ variant: "secondary", size: "sm" })}
    >
      <TaskIntentLabel {...props} />
    </button>
  );
}

function LiveTaskIntentButton({ action, intent, taskId, ...label }: Parameters<typeof TaskIntentButton>[0]) {
  const fetcher = useFetcher<typeof tasksAction>();
  const toast = useToast();
  useOnChange(fetcher.data?.toast, toast);
  return (
    <fetcher.Form method="post" action={action}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="taskId" value={taskId} />
      <Button type="submit" variant="secondary" size="sm" disabled={fetcher.state !== "idle"}>
        <TaskIntentLabel {...label} />
      </Button>
    </fetcher.Form>
  );
}

function TaskIntentLabel({ label, taskTitle }: { label: string; taskTitle: string }) {
  return (
    <>
      {label}
      <span className="sr-only">{` “${taskTitle}”`}</span>
    </>
  );
}

import { useFetcher } from "@remix-run/react";
import { pickableStatuses } from "~/domain/tasks";
import { CalendarClock, Tag, Trash2, UserRound, X } from "lucide-react";
import { useEffect, useId, useState, type ReactNode } from "react";
import { useToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import type { AssignableMember } from "~/domain/assignees";
import { categoryLabel, plural, statusLabel } from "~/domain/labels";
import { OUTSIDE_ASSIGNEE } from "~/domain/schemas";
import { useHydrated } from "~/lib/use-hydrated";
import { useOnChange } from "~/lib/use-on-change";
import { cn } from "~/lib/utils";
import type { action as tasksAction } from "~/routes/tasks";
import { BULK_FORM_ID } from "./select-task-checkbox";

/**
 * The bulk bar: one form (`intent=bulk`) whose `ids` are the ticked checkboxes of the rows and cards (they join it
 * through their `form` attribute), and one button per action (`action=status|assign|move|category|delete`), each
 * beside its own value. With JavaScript it sticks to the bottom of the screen while tasks are ticked and posts
 * through a fetcher; without it, it sits under the list and posts the page (Post/Redirect/Get with the toast).
 */
export function TaskBulkBar({
  action,
  count,
  statuses,
  categories,
  members,
  onDone,
  onClear,
}: {
  action: string;
  count: number;
  statuses: string[];
  categories: string[];
  members: AssignableMember[];
  /** After a bulk action succeeded: the page clears its selection. */
  onDone: () => void;
  onClear: () => void;
}) {
  const fetcher = useFetcher<typeof tasksAction>();
  const toast = useToast();
  const hydrated = useHydrated();
  const busy = fetcher.state !== "idle";
  const ids = {
    status: useId(),
    assign: useId(),
    outside: useId(),
    outsideNames: useId(),
    days: useId(),
    to: useId(),
    category: useId(),
    actions: useId(),
  };
  const [assignChoice, setAssignChoice] = useState("");
  const outsideNames = useOutsideNames(hydrated && assignChoice === OUTSIDE_ASSIGNEE);
  // On a phone the bar is one line until its actions are asked for, so it never covers half the list (issue 33).
  // Without JavaScript every action shows, as there is nothing to open them with.
  const [actionsOpen, setActionsOpen] = useState(false);
  const folded = hydrated && !actionsOpen;

  useOnChange(fetcher.data, (reply) => {
    if (reply.toast) toast(reply.toast);
    if (reply.intent === "bulk" && reply.ok) onDone();
  });

  if (hydrated && count === 0) return null;
  return (
    <fetcher.Form
      id={BULK_FORM_ID}
      method="post"
      action={action}
      aria-label="Change the selected tasks"
      className={cn(
        "z-20 mt-6 flex flex-wrap items-end gap-x-4 gap-y-3 rounded-xl border border-slate-200 bg-white p-3 shadow-lg",
        hydrated && "sticky bottom-3",
      )}
    >
      <input type="hidden" name="intent" value="bulk" />
      <div className="flex min-h-9 items-center gap-2 text-sm font-medium text-slate-900">
        {hydrated ? (
          <>
            <span role="status">{plural(count, "task")} selected</span>
            <Button type="button" variant="ghost" size="sm" onClick={onClear}>
              <X aria-hidden />
              Clear
            </Button>
            <Button
              type="button"
              variant="secondary"
              size="sm"
              className="sm:hidden"
              aria-expanded={actionsOpen}
              aria-controls={ids.actions}
              onClick={() => setActionsOpen((open) => !open)}
            >
              {actionsOpen ? "Hide actions" : "Actions"}
            </Button>
          </>
        ) : (
          <span>With the ticked tasks:</span>
        )}
      </div>
      <div id={ids.actions} className={cn("contents", folded && "max-sm:hidden")}>
        <Field id={ids.status} label="Status">
          <NativeSelect id={ids.status} name="status" className="h-9 w-36" defaultValue={statuses[0]}>
            {pickableStatuses(statuses).map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
          </NativeSelect>
          <Button
            type="submit"
            name="action"
            value="status"
            variant="secondary"
            size="sm"
            className="h-9"
            disabled={busy}
          >
            Set status
          </Button>
        </Field>
        <Field id={ids.assign} label="Assign to">
          <NativeSelect
            id={ids.assign}
            name="assigneeId"
            className="h-9 w-44"
            value={assignChoice}
            onChange={(event) => setAssignChoice(event.currentTarget.value)}
          >
            <option value="">Nobody</option>
            {members.length > 0 ? (
              <optgroup label="Team">
                {members.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.name}
                  </option>
                ))}
              </optgroup>
            ) : null}
            <option value={OUTSIDE_ASSIGNEE}>Outside the team…</option>
          </NativeSelect>
          {/* Without JavaScript the name is always there, and used when no member is chosen (as in the task form). */}
          {!hydrated || assignChoice === OUTSIDE_ASSIGNEE ? (
            <>
              <label htmlFor={ids.outside} className="sr-only">
                {hydrated ? "Outside person" : "Or someone outside the team"}
              </label>
              <Input
                id={ids.outside}
                name="assigneeName"
                list={ids.outsideNames}
                placeholder={hydrated ? "Name" : "Or someone outside the team"}
                autoComplete="off"
                maxLength={100}
                required={hydrated}
                className="h-9 w-48"
              />
              <datalist id={ids.outsideNames}>
                {outsideNames.map((name) => (
                  <option key={name} value={name} />
                ))}
              </datalist>
            </>
          ) : null}
          <Button
            type="submit"
            name="action"
            value="assign"
            variant="secondary"
            size="sm"
            className="h-9"
            disabled={busy}
          >
            <UserRound aria-hidden />
            Assign
          </Button>
        </Field>
        <Field id={ids.days} label="Move dates by (days)">
          <Input
            id={ids.days}
            name="days"
            type="number"
            inputMode="numeric"
            min={-365}
            max={365}
            step={1}
            defaultValue={1}
            className="h-9 w-20"
          />
          {/* A date filled in here wins over the days (app/services/task-bulk.server.ts): earlier or later alike. */}
          <label htmlFor={ids.to} className="self-center text-sm whitespace-nowrap text-slate-600">
            or to<span className="sr-only"> a date</span>
          </label>
          <Input id={ids.to} name="to" type="date" className="h-9 w-40" />
          <Button
            type="submit"
            name="action"
            value="move"
            variant="secondary"
            size="sm"
            className="h-9"
            disabled={busy}
          >
            <CalendarClock aria-hidden />
            Move
          </Button>
        </Field>
        <Field id={ids.category} label="Category">
          <NativeSelect id={ids.category} name="category" className="h-9 w-36" defaultValue="">
            <option value="">No category</option>
            {categories.map((c) => (
              <option key={c} value={c}>
                {categoryLabel(c)}
              </option>
            ))}
          </NativeSelect>
          <Button
            type="submit"
            name="action"
            value="category"
            variant="secondary"
            size="sm"
            className="h-9"
            disabled={busy}
          >
            <Tag aria-hidden />
            Set category
          </Button>
        </Field>
        <Button
          type="submit"
          name="action"
          value="delete"
          variant="destructive"
          size="sm"
          className="h-9"
          disabled={busy}
        >
          <Trash2 aria-hidden />
          Delete
        </Button>
      </div>
    </fetcher.Form>
  );
}

/**
 * The people outside the team already named on open tasks (`GET /api/workspace/outside-names`), read once the
 * bulk bar's "Outside the team…" is chosen: offered as the name field's suggestions, never on page load.
 */
function useOutsideNames(wanted: boolean) {
  const [names, setNames] = useState<string[] | null>(null);
  const asked = wanted || names !== null;
  useEffect(() => {
    if (!asked || names !== null) return;
    const controller = new AbortController();
    fetch("/api/workspace/outside-names", { signal: controller.signal })
      .then((res) => (res.ok ? (res.json() as Promise<{ names: Array<{ name: string }> }>) : { names: [] }))
      .then((body) => setNames(body.names.map((n) => n.name)))
      // Suggestions only: a failed read leaves the field to be typed in.
      .catch(() => undefined);
    return () => controller.abort();
  }, [asked, names]);
  return names ?? [];
}

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-xs font-medium text-slate-500">
        {label}
      </label>
      <div className="flex flex-wrap gap-2">{children}</div>
    </div>
  );
}

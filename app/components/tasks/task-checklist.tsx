import { Link, useActionData, useFetcher, useLocation } from "@remix-run/react";
import { ArrowDown, ArrowUp, Check, Pencil, Plus, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { FieldError } from "~/components/field-error";
import { useToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { checklistCountLabel } from "~/domain/labels";
import { taskPageUrl } from "~/lib/task-page-url";
import { useHydrated } from "~/lib/use-hydrated";
import { useOnChange } from "~/lib/use-on-change";
import { cn } from "~/lib/utils";
import type { action as taskAction } from "~/routes/tasks.$id";
import type { TaskPage } from "~/services/task-editor.server";

type Checklist = TaskPage["task"]["checklist"];
type Item = Checklist["items"][number];

/** A checklist holds at most this many items (CHECKLIST_ITEMS_MAX in app/domain/checklist.ts, which the server holds). */
const ITEMS_MAX = 50;

/**
 * The task's checklist (ADR 035): its items with done boxes, an 'Add item' field, and per item rename, move and
 * remove. Every control is a small form posted with an intent, so it works without JavaScript (the page comes back
 * at the checklist); with it, fetchers post them, a tick shows before the server answers, and an added item shows
 * at once, greyed until it is saved.
 */
export function TaskChecklist({
  taskId,
  checklist,
  editItem,
}: {
  taskId: string;
  checklist: Checklist;
  editItem: string | null;
}) {
  const headingId = useId();
  const { done, total, items } = checklist;
  return (
    <section id="checklist" aria-labelledby={headingId} className="grid scroll-mt-4 gap-3">
      <div className="flex items-baseline justify-between gap-3">
        <h3 id={headingId} className="text-sm font-semibold text-slate-900">
          Checklist
        </h3>
        {total ? <p className="text-xs font-medium text-slate-600">{checklistCountLabel({ done, total })}</p> : null}
      </div>
      {total ? (
        <div className="h-1.5 overflow-hidden rounded-full bg-slate-100" aria-hidden>
          <div
            className={cn("h-full rounded-full", done === total ? "bg-emerald-500" : "bg-brand-500")}
            style={{ width: `${Math.round((done / total) * 100)}%` }}
          />
        </div>
      ) : null}
      {items.length ? (
        <ul className="grid gap-1" aria-labelledby={headingId}>
          {items.map((item, index) => (
            <ChecklistItem
              key={item.id}
              taskId={taskId}
              item={item}
              index={index}
              count={items.length}
              editing={editItem === item.id}
            />
          ))}
          <PendingItem />
        </ul>
      ) : (
        <>
          <p className="text-sm text-slate-500">No items yet. Break the task into steps you can tick off.</p>
          <ul aria-label="New items" className="grid gap-1 empty:hidden">
            <PendingItem />
          </ul>
        </>
      )}
      <AddItemForm taskId={taskId} full={total >= ITEMS_MAX} />
    </section>
  );
}

/** The add form's post while it is on its way, shown greyed at the end of the list. */
function PendingItem() {
  const adder = useFetcher<typeof taskAction>({ key: "checklist-add" });
  const text = adder.formData?.get("text");
  if (typeof text !== "string" || !text.trim()) return null;
  return (
    <li className="flex items-start gap-3 rounded-md px-2 py-1.5 text-sm text-slate-400">
      <span className="mt-0.5 size-5 shrink-0 rounded border-2 border-slate-200" aria-hidden />
      <span className="min-w-0 flex-1 break-words">{text.trim()}</span>
      <span className="sr-only">Adding…</span>
    </li>
  );
}

function ChecklistItem({
  taskId,
  item,
  index,
  count,
  editing: editingWithoutJs,
}: {
  taskId: string;
  item: Item;
  index: number;
  count: number;
  editing: boolean;
}) {
  const hydrated = useHydrated();
  const { search } = useLocation();
  const toast = useToast();
  const toggle = useFetcher<typeof taskAction>();
  const remove = useFetcher<typeof taskAction>();
  // The rename's post, shared with the rename form: its text shows while it is on its way.
  const rename = useFetcher<typeof taskAction>({ key: `checklist-rename-${item.id}` });
  const [editingWithJs, setEditing] = useState(false);
  const editing = hydrated ? editingWithJs : editingWithoutJs;
  const toggleButton = useRef<HTMLButtonElement>(null);
  // Leaving the rename form puts the keyboard back on the item, once the item is shown again.
  const refocus = useRef(false);
  useEffect(() => {
    if (editing || !refocus.current) return;
    refocus.current = false;
    toggleButton.current?.focus();
  }, [editing]);
  const action = taskPageUrl(taskId, search);
  // A refusal says why; a removal's "Item Removed" is for the page without JavaScript, here the item just goes.
  const sayRefusal = (outcome: NonNullable<typeof toggle.data>) => {
    if (!outcome.ok && outcome.toast) toast(outcome.toast);
  };
  useOnChange(toggle.data, sayRefusal);
  useOnChange(remove.data, sayRefusal);

  // The tick on its way shows before the server answers; a removal on its way hides the item.
  const pending = toggle.formData?.get("done");
  const done = typeof pending === "string" ? pending === "true" : item.done;
  const renaming = rename.formData?.get("text");
  const text = typeof renaming === "string" && renaming.trim() ? renaming.trim() : item.text;
  if (remove.state !== "idle") return null;

  if (editing) {
    return (
      <li className="rounded-md border border-slate-200 bg-slate-50 p-2">
        <RenameForm
          taskId={taskId}
          item={item}
          index={index}
          count={count}
          onClose={() => {
            refocus.current = true;
            setEditing(false);
          }}
        />
      </li>
    );
  }
  return (
    <li className="group flex items-start gap-1 rounded-md hover:bg-slate-50">
      <toggle.Form method="post" action={action} className="min-w-0 flex-1">
        <input type="hidden" name="intent" value="checklist-toggle" />
        <input type="hidden" name="itemId" value={item.id} />
        {/* A button in the role of a checkbox: it posts without JavaScript, and its text is its label. */}
        <button
          ref={toggleButton}
          type="submit"
          name="done"
          value={String(!done)}
          role="checkbox"
          aria-checked={done}
          className="flex w-full items-start gap-3 rounded-md px-2 py-1.5 text-left text-sm focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <span
            aria-hidden
            className={cn(
              "mt-0.5 flex size-5 shrink-0 items-center justify-center rounded border-2",
              done ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300 bg-white",
            )}
          >
            {done ? <Check className="size-3.5" strokeWidth={3} /> : null}
          </span>
          <span className={cn("min-w-0 flex-1 break-words", done ? "text-slate-500 line-through" : "text-slate-900")}>
            {text}
          </span>
        </button>
      </toggle.Form>
      <div className="flex shrink-0 items-center">
        <Button asChild variant="ghost" size="icon" className="size-8">
          <Link
            to={`${taskPageUrl(taskId, search, { item: item.id })}#checklist`}
            preventScrollReset
            onClick={(event) => {
              if (!hydrated) return;
              event.preventDefault();
              setEditing(true);
            }}
          >
            <Pencil aria-hidden />
            <span className="sr-only">Edit “{text}”</span>
          </Link>
        </Button>
        <remove.Form method="post" action={action}>
          <input type="hidden" name="intent" value="checklist-remove" />
          <input type="hidden" name="itemId" value={item.id} />
          <Button type="submit" variant="ghost" size="icon" className="size-8">
            <X aria-hidden />
            <span className="sr-only">Remove “{text}”</span>
          </Button>
        </remove.Form>
      </div>
    </li>
  );
}

/** Renaming an item, with its moves up and down; Cancel (or Escape) leaves it as it was. */
function RenameForm({
  taskId,
  item,
  index,
  count,
  onClose,
}: {
  taskId: string;
  item: Item;
  index: number;
  count: number;
  onClose: () => void;
}) {
  const hydrated = useHydrated();
  const { search } = useLocation();
  const toast = useToast();
  const rename = useFetcher<typeof taskAction>({ key: `checklist-rename-${item.id}` });
  const move = useFetcher<typeof taskAction>();
  const inputId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  // Opened with JavaScript by its Edit button: the keyboard goes on in the field.
  useEffect(() => {
    if (hydrated) input.current?.focus();
  }, [hydrated]);
  const action = taskPageUrl(taskId, search);
  // The fetcher outlives the form (its key is the item's): an answer from before the form opened is not this one's.
  const before = useRef(rename.data);
  const latest = rename.data === before.current ? undefined : rename.data;
  const reply = latest?.intent === "checklist-rename" && !latest.ok ? latest : undefined;
  const errors = reply?.result?.error?.text ?? reply?.result?.error?.[""] ?? undefined;
  useOnChange(latest, (outcome) => {
    if (outcome.ok) onClose();
  });
  useOnChange(move.data, (outcome) => {
    if (outcome.toast) toast(outcome.toast);
  });
  const busy = rename.state !== "idle" || move.state !== "idle";
  const moveButton = (to: number, label: string, Icon: typeof ArrowUp) => (
    <move.Form method="post" action={action}>
      <input type="hidden" name="intent" value="checklist-move" />
      <input type="hidden" name="itemId" value={item.id} />
      <input type="hidden" name="position" value={to} />
      <Button type="submit" variant="ghost" size="sm" disabled={busy}>
        <Icon aria-hidden />
        {label}
      </Button>
    </move.Form>
  );
  return (
    <div className="grid gap-2">
      <rename.Form
        method="post"
        action={action}
        className="grid gap-2"
        onKeyDown={(event) => {
          if (event.key === "Escape" && hydrated) {
            event.stopPropagation();
            onClose();
          }
        }}
      >
        <input type="hidden" name="intent" value="checklist-rename" />
        <input type="hidden" name="itemId" value={item.id} />
        <label htmlFor={inputId} className="text-xs font-medium text-slate-600">
          Rename item
        </label>
        <Input
          id={inputId}
          name="text"
          defaultValue={item.text}
          ref={input}
          aria-invalid={errors ? true : undefined}
          aria-describedby={errors ? errorId : undefined}
        />
        <FieldError id={errorId} errors={errors} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size="sm" disabled={busy}>
            Save
          </Button>
          {hydrated ? (
            <Button type="button" variant="ghost" size="sm" onClick={onClose}>
              Cancel
            </Button>
          ) : (
            <Button asChild variant="ghost" size="sm">
              <Link to={`${taskPageUrl(taskId, search)}#checklist`}>Cancel</Link>
            </Button>
          )}
        </div>
      </rename.Form>
      {count > 1 ? (
        <div className="flex flex-wrap gap-1 border-t border-slate-200 pt-2">
          {index > 0 ? moveButton(index, "Move up", ArrowUp) : null}
          {index < count - 1 ? moveButton(index + 2, "Move down", ArrowDown) : null}
        </div>
      ) : null}
    </div>
  );
}

/** 'Add item': the text, then Enter or Add; with JavaScript the field empties and keeps the focus for the next. */
function AddItemForm({ taskId, full }: { taskId: string; full: boolean }) {
  const { search } = useLocation();
  const adder = useFetcher<typeof taskAction>({ key: "checklist-add" });
  const pageReply = useActionData<typeof taskAction>();
  const toast = useToast();
  const form = useRef<HTMLFormElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const errorId = useId();
  const hintId = useId();
  const reply =
    adder.data?.intent === "checklist-add" ? adder.data : pageReply?.intent === "checklist-add" ? pageReply : undefined;
  const refused = reply && !reply.ok ? reply : undefined;
  // A refusal's message stays until the text is changed, as the other forms' errors do.
  const [changedSince, setChangedSince] = useState<typeof reply>();
  const errors =
    changedSince === reply ? undefined : (refused?.result?.error?.text ?? refused?.result?.error?.[""] ?? undefined);
  const typed = refused?.result?.initialValue?.text;
  useOnChange(adder.data, (outcome) => {
    if (outcome.intent !== "checklist-add") return;
    if (outcome.toast && !outcome.result?.error) toast(outcome.toast);
    if (outcome.ok) {
      form.current?.reset();
      input.current?.focus();
    }
  });
  const describedBy = [errors ? errorId : null, full ? hintId : null].filter(Boolean).join(" ") || undefined;
  return (
    <adder.Form ref={form} method="post" action={taskPageUrl(taskId, search)} className="grid gap-1.5">
      <input type="hidden" name="intent" value="checklist-add" />
      <label htmlFor={inputId} className="sr-only">
        Add item
      </label>
      <div className="flex gap-2">
        <Input
          ref={input}
          id={inputId}
          name="text"
          placeholder="Add an item"
          autoComplete="off"
          defaultValue={typeof typed === "string" ? typed : undefined}
          disabled={full}
          onChange={() => setChangedSince(reply)}
          aria-invalid={errors ? true : undefined}
          aria-describedby={describedBy}
        />
        <Button type="submit" variant="secondary" disabled={full}>
          <Plus aria-hidden />
          Add
        </Button>
      </div>
      <FieldError id={errorId} errors={errors} />
      {full ? (
        <p id={hintId} className="text-xs text-slate-500">
          The checklist is full: it holds at most {ITEMS_MAX} items.
        </p>
      ) : null}
    </adder.Form>
  );
}

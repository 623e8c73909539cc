import { RemindersField } from "./reminders-field";
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { useFetcher, type useActionData } from "@remix-run/react";
import { AlertTriangle, LoaderCircle, Plus } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { FieldError, FormError } from "~/components/field-error";
import { AssigneeSelect, OutsideAssigneeFields } from "./assignee-fields";
import { useToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { AddCategoryDialog } from "./add-category-dialog";
import { DependsOnField } from "./depends-on-field";
import { taskCreateFormSchema } from "~/domain/recurrence-form";
import { RecurrenceField } from "./recurrence-field";
import { trackActivity } from "~/lib/activity";
import { categoryLabel, PRIORITY_LABELS } from "~/domain/labels";
import { useHydrated } from "~/lib/use-hydrated";
import type { SimilarTask } from "~/domain/parsed-task-rows";
import { normalizeTitle } from "~/domain/title";
import { PRIORITIES, TITLE_MAX } from "~/domain/tasks";
import type { action as tasksAction } from "~/routes/tasks";
import type { AssignableMember } from "~/domain/assignees";
import { useOnChange } from "~/lib/use-on-change";

/** The tasks action's answer to a create, as the page (after a plain form post) or a fetcher receives it. */
export type CreateTaskReply = Extract<
  NonNullable<ReturnType<typeof useActionData<typeof tasksAction>>>,
  { intent: "create" }
>;

/**
 * The Create Task form, shared by the dialog and the inline no-JavaScript panel. It posts intent
 * `create` to the tasks action; `lastResult` is the action's reply when the page was rendered after a
 * plain form post. `cancel` is the dialog's close button or the inline panel's link. With `addCategory`, an
 * 'Add New Category' button (JavaScript only) adds a category through the same action and selects it.
 * The assignee is a member of the workspace ('Assign to me' picks the viewer) or someone outside the team
 * (vendor, freelance crew) by name with a contact note; without JavaScript both are on the form at once.
 */
export function TaskForm({
  action,
  categories,
  lastResult,
  onCreated,
  cancel,
  addCategory = false,
  dependencyChoices = [],
  members = [],
  meId,
  today,
}: {
  action: string;
  categories: string[];
  lastResult?: CreateTaskReply;
  onCreated: () => void;
  cancel: ReactNode;
  addCategory?: boolean;
  /** The "Depends on" choices without JavaScript (a few open tasks); with it, the field searches. */
  dependencyChoices?: Array<{ id: string; title: string }>;
  /** The workspace's members, whom a task can be assigned to. */
  members?: AssignableMember[];
  /** The viewer's user id, for 'Assign to me'. */
  meId?: string;
  /** The workspace's today, for the due dates of the "Depends on" matches. */
  today: string;
}) {
  const fetcher = useFetcher<typeof tasksAction>();
  const toast = useToast();
  const reply = fetcher.data?.intent === "create" ? fetcher.data : lastResult;
  const [form, fields] = useForm({
    id: "create-task",
    lastResult: reply?.result,
    defaultValue: { priority: "medium" },
    constraint: getZodConstraint(taskCreateFormSchema),
    // First on submit, not on blur: a "Title is required" appearing as focus leaves the empty title would push
    // the buttons below it down mid-click (Cancel, Add New Category), and the click would miss.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: taskCreateFormSchema }),
  });
  const busy = fetcher.state === "submitting";
  const [title, setTitle] = useState("");
  const [dueDate, setDueDate] = useState("");
  const similar = useSimilarOpenTasks(title);
  const hydrated = useHydrated();
  const [addingCategory, setAddingCategory] = useState(false);
  // A category added here shows at once, before the page's lists are reloaded.
  const [addedCategory, setAddedCategory] = useState<string | null>(null);
  const addCategoryButton = useRef<HTMLButtonElement>(null);
  const categoryOptions =
    addedCategory && !categories.some((c) => c.toLowerCase() === addedCategory.toLowerCase())
      ? [...categories, addedCategory]
      : categories;

  // Selected once its option is rendered, so the select can hold the value.
  useOnChange(addedCategory, (name) => {
    if (name) form.update({ name: fields.category.name, value: name });
  });

  useOnChange(fetcher.data, (outcome) => {
    if (outcome.intent !== "create") return;
    if (outcome.toast) toast(outcome.toast);
    if (outcome.ok) {
      setTitle("");
      setDueDate("");
      onCreated();
      trackActivity("task_created");
    }
  });

  return (
    <>
      <fetcher.Form method="post" action={action} className="grid gap-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="create" />
        <FormError id={form.errorId} errors={form.errors} />
        {reply?.code === "duplicate" ? (
          <p className="-mt-2 text-sm text-slate-600">
            Check the board first. If this really is a separate job, you can still add it.
          </p>
        ) : null}
        <div className="grid gap-1.5">
          <Label htmlFor={fields.title.id}>Title</Label>
          <Input
            {...getInputProps(fields.title, { type: "text" })}
            key={fields.title.key}
            placeholder="Confirm stage power with the venue"
            onChange={(event) => setTitle(event.target.value)}
            // The limit is said, never applied by cutting a pasted title short: the form refuses a longer one.
            maxLength={undefined}
          />
          <TitleLength length={title.length} />
          <FieldError id={fields.title.errorId} errors={fields.title.errors} />
          {similar.length > 0 && reply?.code !== "duplicate" ? (
            <p
              role="status"
              className="flex gap-2 rounded-md border border-amber-200 bg-amber-50 p-2.5 text-sm text-amber-950"
            >
              <AlertTriangle className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden />
              <span>
                Similar open task: {similar.map((t) => `“${t.title}”`).join(", ")}. Check it first, or create anyway.
              </span>
            </p>
          ) : null}
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={fields.description.id}>
            Description <span className="font-normal text-slate-500">(optional)</span>
          </Label>
          <Textarea {...getTextareaProps(fields.description)} key={fields.description.key} rows={3} />
          <FieldError id={fields.description.errorId} errors={fields.description.errors} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-1.5">
            <Label htmlFor={fields.priority.id}>Priority</Label>
            <NativeSelect {...getSelectProps(fields.priority)} key={fields.priority.key}>
              {PRIORITIES.map((p) => (
                <option key={p} value={p}>
                  {PRIORITY_LABELS[p]}
                </option>
              ))}
            </NativeSelect>
            <FieldError id={fields.priority.errorId} errors={fields.priority.errors} />
          </div>
          <div className="grid gap-1.5">
            <div className="flex items-center justify-between gap-2">
              <Label htmlFor={fields.category.id}>Category</Label>
              {addCategory && hydrated ? (
                <Button
                  ref={addCategoryButton}
                  type="button"
                  variant="link"
                  size="sm"
                  className="h-auto px-0"
                  onClick={() => setAddingCategory(true)}
                >
                  <Plus aria-hidden />
                  Add New Category
                </Button>
              ) : null}
            </div>
            <NativeSelect {...getSelectProps(fields.category)} key={fields.category.key}>
              <option value="">No category</option>
              {categoryOptions.map((c) => (
                <option key={c} value={c}>
                  {categoryLabel(c)}
                </option>
              ))}
            </NativeSelect>
            <FieldError id={fields.category.errorId} errors={fields.category.errors} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={fields.dueDate.id}>
              Due date <span className="font-normal text-slate-500">(optional)</span>
            </Label>
            <Input
              {...getInputProps(fields.dueDate, { type: "date" })}
              key={fields.dueDate.key}
              onChange={(event) => setDueDate(event.target.value)}
            />
            {dueDate && dueDate < today ? (
              <p className="flex items-start gap-1.5 text-sm text-amber-800" role="status">
                <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
                That date has passed: the task will be overdue from the start.
              </p>
            ) : null}
            <FieldError id={fields.dueDate.errorId} errors={fields.dueDate.errors} />
          </div>
          <AssigneeSelect
            field={fields.assigneeId}
            members={members}
            meId={meId}
            onAssignToMe={(id) => form.update({ name: fields.assigneeId.name, value: id })}
          />
        </div>
        <OutsideAssigneeFields choice={fields.assigneeId} name={fields.assigneeName} contact={fields.assigneeContact} />
        <RecurrenceField errors={fields.repeat.errors} />
        <DependsOnField field={fields.dependsOn} choices={dependencyChoices} today={today} />
        <RemindersField
          name={fields.reminders.name}
          id={fields.reminders.id}
          checked={[]}
          hint="Before the due date (a date without a time is due at 17:00). Leave all unticked for the workspace's default."
          errors={fields.reminders.errors}
          undated={!dueDate}
        />
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          {cancel}
          {reply?.code === "duplicate" ? (
            <Button type="submit" name="allowDuplicate" value="on" variant="secondary" disabled={busy}>
              Create anyway
            </Button>
          ) : null}
          {similar.length > 0 && reply?.code !== "duplicate" ? (
            <Button type="submit" name="allowDuplicate" value="on" disabled={busy}>
              {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : null}
              {busy ? "Creating..." : "Create anyway"}
            </Button>
          ) : (
            <Button type="submit" disabled={busy}>
              {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : null}
              {busy ? "Creating..." : "Create Task"}
            </Button>
          )}
        </div>
      </fetcher.Form>
      {/* Outside the form: a nested form's submit event would otherwise bubble (through the portal) into this one. */}
      {addCategory ? (
        <AddCategoryDialog
          open={addingCategory}
          onOpenChange={setAddingCategory}
          action={action}
          onAdded={setAddedCategory}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            addCategoryButton.current?.focus();
          }}
        />
      ) : null}
    </>
  );
}

/** Debounce before asking for similar tasks, so typing does not send a request per keystroke. */
const SIMILAR_DELAY_MS = 300;

/**
 * Open tasks whose titles are near-duplicates of `title` (GET /api/tasks/similar), as the producer types.
 * Exact matches are left to the create's own 409 rule, which says so in its own words.
 */
function useSimilarOpenTasks(title: string) {
  const [similar, setSimilar] = useState<SimilarTask[]>([]);
  useEffect(() => {
    const key = normalizeTitle(title);
    if (key.length < 3) {
      setSimilar([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const res = await fetch(`/api/tasks/similar?title=${encodeURIComponent(title.trim())}`, {
          signal: controller.signal,
        });
        if (!res.ok) return;
        const body = (await res.json()) as { similar: SimilarTask[] };
        setSimilar(body.similar.filter((t) => normalizeTitle(t.title) !== key));
      } catch {
        // Aborted by the next keystroke, or offline: the check is advisory, the create still works.
      }
    }, SIMILAR_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [title]);
  return similar;
}

/** How long the title is once it nears the limit, and by how much it is over: said before the form refuses it. */
function TitleLength({ length }: { length: number }) {
  if (length <= TITLE_MAX - 40) return null;
  const over = length - TITLE_MAX;
  return (
    <p className={over > 0 ? "text-sm text-red-700" : "text-sm text-slate-500"} aria-live="polite">
      {over > 0
        ? `${length} characters, ${over} over the ${TITLE_MAX} a title holds: shorten it and put the rest in the description.`
        : `${length} of ${TITLE_MAX} characters`}
    </p>
  );
}

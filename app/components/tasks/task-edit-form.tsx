import { RemindersField } from "./reminders-field";
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { useActionData, useFetcher, useLocation } from "@remix-run/react";
import { LoaderCircle } from "lucide-react";
import type { ReactNode } from "react";
import { FieldError, FormError } from "~/components/field-error";
import { AssigneeSelect, OutsideAssigneeFields } from "./assignee-fields";
import { RecurrenceField } from "./recurrence-field";
import { useToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { categoryLabel, PRIORITY_LABELS, statusLabel } from "~/domain/labels";
import { formatWorkAmount } from "~/domain/plan-overview";
import { OUTSIDE_ASSIGNEE } from "~/domain/schemas";
import { NEW_CATEGORY, splitDueDate, taskEditSchema } from "~/domain/task-editor";
import { pickableStatuses, PRIORITIES } from "~/domain/tasks";
import { taskPageUrl } from "~/lib/task-page-url";
import { useHydrated } from "~/lib/use-hydrated";
import { useOnChange } from "~/lib/use-on-change";
import type { action as taskAction } from "~/routes/tasks.$id";
import type { TaskPage } from "~/services/task-editor.server";

const optional = <span className="font-normal text-slate-500">(optional)</span>;

function Field({ label, htmlFor, children }: { label: ReactNode; htmlFor: string; children: ReactNode }) {
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={htmlFor}>{label}</Label>
      {children}
    </div>
  );
}

/**
 * Every field of a task in one form (intent `save`): title, description, status, priority, category (one of the
 * workspace's or a new one), due date and time in the workspace's timezone, assignee (a member, or someone outside
 * the team with a contact note) and estimate. With JavaScript it saves through a fetcher and reports a slip that
 * dependants could follow (`onSaved`); without it, the page comes back with the errors or the saved task.
 */
export function TaskEditForm({
  task,
  statuses,
  categories,
  members,
  meId,
  assumedEstimateHours,
  timezone,
  onSaved,
}: TaskPage & { meId: string; onSaved: (slip: TaskPage["slip"]) => void }) {
  const fetcher = useFetcher<typeof taskAction>();
  const pageReply = useActionData<typeof taskAction>();
  const toast = useToast();
  const hydrated = useHydrated();
  const { search } = useLocation();
  const reply = fetcher.data?.intent === "save" ? fetcher.data : pageReply?.intent === "save" ? pageReply : undefined;
  const outside = task.assigneeId === null && task.assigneeName !== null;
  const [form, fields] = useForm({
    id: `edit-task-${task.id}`,
    lastResult: reply?.result,
    defaultValue: {
      title: task.title,
      description: task.description ?? "",
      status: task.status,
      priority: task.priority,
      category: task.category ?? "",
      ...splitDueDate(task.dueDate),
      assigneeId: task.assigneeId ?? (outside ? OUTSIDE_ASSIGNEE : ""),
      assigneeName: outside ? task.assigneeName : "",
      assigneeContact: outside ? (task.assigneeContact ?? "") : "",
      estimatedHours: task.estimatedHours === null ? "" : String(task.estimatedHours),
    },
    constraint: getZodConstraint(taskEditSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: taskEditSchema }),
  });
  useOnChange(fetcher.data, (outcome) => {
    if (outcome.intent !== "save") return;
    if (outcome.toast) toast(outcome.toast);
    if (outcome.ok) onSaved(outcome.data?.slip ?? null);
  });

  const busy = fetcher.state !== "idle";
  const statusOptions = pickableStatuses(statuses, task.status);
  const categoryOptions =
    task.category && !categories.some((c) => c.toLowerCase() === task.category!.toLowerCase())
      ? [...categories, task.category]
      : categories;
  const categoryChoice = fields.category.value ?? "";
  const hint = (id: string, text: ReactNode) => (
    <p id={id} className="text-xs text-slate-500">
      {text}
    </p>
  );

  return (
    <fetcher.Form method="post" action={taskPageUrl(task.id, search)} className="grid gap-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="save" />
      <FormError id={form.errorId} errors={form.errors} />
      <Field label="Title" htmlFor={fields.title.id}>
        {/* No maxLength: a longer title is refused with the limit named, never cut short as it is pasted. */}
        <Input {...getInputProps(fields.title, { type: "text" })} key={fields.title.key} maxLength={undefined} />
        <FieldError id={fields.title.errorId} errors={fields.title.errors} />
      </Field>
      <Field label={<>Description {optional}</>} htmlFor={fields.description.id}>
        <Textarea {...getTextareaProps(fields.description)} key={fields.description.key} rows={4} />
        <FieldError id={fields.description.errorId} errors={fields.description.errors} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Status" htmlFor={fields.status.id}>
          <NativeSelect {...getSelectProps(fields.status)} key={fields.status.key}>
            {statusOptions.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
          </NativeSelect>
          <FieldError id={fields.status.errorId} errors={fields.status.errors} />
        </Field>
        <Field label="Priority" htmlFor={fields.priority.id}>
          <NativeSelect {...getSelectProps(fields.priority)} key={fields.priority.key}>
            {PRIORITIES.map((p) => (
              <option key={p} value={p}>
                {PRIORITY_LABELS[p]}
              </option>
            ))}
          </NativeSelect>
          <FieldError id={fields.priority.errorId} errors={fields.priority.errors} />
        </Field>
        <Field label="Category" htmlFor={fields.category.id}>
          <NativeSelect {...getSelectProps(fields.category)} key={fields.category.key}>
            <option value="">No category</option>
            {categoryOptions.map((c) => (
              <option key={c} value={c}>
                {categoryLabel(c)}
              </option>
            ))}
            {hydrated ? <option value={NEW_CATEGORY}>New category…</option> : null}
          </NativeSelect>
          <FieldError id={fields.category.errorId} errors={fields.category.errors} />
        </Field>
        {!hydrated || categoryChoice === NEW_CATEGORY ? (
          <Field label={hydrated ? "New category" : <>Or a new category {optional}</>} htmlFor={fields.newCategory.id}>
            <Input
              {...getInputProps(fields.newCategory, { type: "text" })}
              key={fields.newCategory.key}
              placeholder="Catering"
              autoComplete="off"
            />
            <FieldError id={fields.newCategory.errorId} errors={fields.newCategory.errors} />
          </Field>
        ) : null}
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1.5 text-sm font-medium text-slate-800">Due {optional}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Due date" htmlFor={fields.dueDate.id}>
            <Input {...getInputProps(fields.dueDate, { type: "date" })} key={fields.dueDate.key} />
            <FieldError id={fields.dueDate.errorId} errors={fields.dueDate.errors} />
          </Field>
          <Field label={<>Time {optional}</>} htmlFor={fields.dueTime.id}>
            <Input
              {...getInputProps(fields.dueTime, { type: "time" })}
              key={fields.dueTime.key}
              aria-describedby={`${fields.dueTime.id}-hint ${fields.dueTime.errorId}`}
            />
            <FieldError id={fields.dueTime.errorId} errors={fields.dueTime.errors} />
          </Field>
        </div>
        {hint(`${fields.dueTime.id}-hint`, `In the workspace's timezone (${timezone}). No date: no due date.`)}
      </fieldset>
      <RecurrenceField
        key={task.recurrence ?? "none"}
        recurrence={task.recurrence}
        savedText={task.recurrenceText}
        errors={fields.repeat.errors}
      />
      <AssigneeSelect
        field={fields.assigneeId}
        members={members}
        meId={meId}
        onAssignToMe={(id) => form.update({ name: fields.assigneeId.name, value: id })}
      />
      <OutsideAssigneeFields choice={fields.assigneeId} name={fields.assigneeName} contact={fields.assigneeContact} />
      <Field label={<>Estimate (hours) {optional}</>} htmlFor={fields.estimatedHours.id}>
        <Input
          {...getInputProps(fields.estimatedHours, { type: "number" })}
          key={fields.estimatedHours.key}
          step="0.25"
          inputMode="decimal"
          className="sm:max-w-40"
          aria-describedby={`${fields.estimatedHours.id}-hint ${fields.estimatedHours.errorId}`}
        />
        {hint(
          `${fields.estimatedHours.id}-hint`,
          `Blank = no estimate; the plan assumes ${formatWorkAmount(assumedEstimateHours)}.`,
        )}
        <FieldError id={fields.estimatedHours.errorId} errors={fields.estimatedHours.errors} />
      </Field>
      <RemindersField
        key={task.reminders.join(",")}
        name={fields.reminders.name}
        id={fields.reminders.id}
        checked={task.reminders}
        hint={`The assignee is reminded before the due date, in the workspace's timezone (${timezone}); a date without a time is due at 17:00. Only a member assignee gets reminders.`}
        errors={fields.reminders.errors}
      />
      <div className="flex justify-end">
        <Button type="submit" disabled={busy}>
          {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : null}
          {busy ? "Saving..." : "Save changes"}
        </Button>
      </div>
    </fetcher.Form>
  );
}

import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { useFetcher } from "@remix-run/react";
import { LoaderCircle } from "lucide-react";
import { useEffect, type ReactNode } from "react";
import { FieldError, FormError } from "~/components/field-error";
import { useToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { taskCreateSchema } from "~/domain/schemas";
import { trackActivity } from "~/lib/activity";
import { categoryLabel } from "~/lib/format";
import { PRIORITIES } from "~/domain/tasks";
import type { action as tasksAction, TasksActionData } from "~/routes/tasks";

const priorityLabels: Record<(typeof PRIORITIES)[number], string> = {
  low: "Low",
  medium: "Medium",
  high: "High",
  critical: "Critical",
};

/**
 * The Create Task form, shared by the dialog and the inline no-JavaScript panel. It posts intent
 * `create` to the tasks action; `lastResult` is the action's reply when the page was rendered after a
 * plain form post. `cancel` is the dialog's close button or the inline panel's link.
 */
export function TaskForm({
  action,
  categories,
  lastResult,
  onCreated,
  cancel,
}: {
  action: string;
  categories: string[];
  lastResult?: TasksActionData;
  onCreated: () => void;
  cancel: ReactNode;
}) {
  const fetcher = useFetcher<typeof tasksAction>();
  const toast = useToast();
  const reply = fetcher.data?.intent === "create" ? fetcher.data : lastResult;
  const [form, fields] = useForm({
    id: "create-task",
    lastResult: reply?.result,
    defaultValue: { priority: "medium" },
    constraint: getZodConstraint(taskCreateSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: taskCreateSchema }),
  });
  const busy = fetcher.state === "submitting";

  useEffect(() => {
    const outcome = fetcher.data;
    if (outcome?.intent !== "create") return;
    if (outcome.toast) toast(outcome.toast);
    if (outcome.ok) {
      onCreated();
      trackActivity("task_created");
    }
    // Once per response: a new reply is a new object; re-renders must not repeat the toast.
  }, [fetcher.data]);

  return (
    <fetcher.Form method="post" action={action} className="grid gap-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="create" />
      <FormError id={form.errorId} errors={form.errors} />
      {reply?.duplicate ? (
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
        />
        <FieldError id={fields.title.errorId} errors={fields.title.errors} />
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
                {priorityLabels[p]}
              </option>
            ))}
          </NativeSelect>
          <FieldError id={fields.priority.errorId} errors={fields.priority.errors} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={fields.category.id}>Category</Label>
          <NativeSelect {...getSelectProps(fields.category)} key={fields.category.key}>
            <option value="">No category</option>
            {categories.map((c) => (
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
          <Input {...getInputProps(fields.dueDate, { type: "date" })} key={fields.dueDate.key} />
          <FieldError id={fields.dueDate.errorId} errors={fields.dueDate.errors} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={fields.assigneeName.id}>
            Assignee <span className="font-normal text-slate-500">(optional)</span>
          </Label>
          <Input
            {...getInputProps(fields.assigneeName, { type: "text" })}
            key={fields.assigneeName.key}
            placeholder="Who owns it?"
            autoComplete="off"
          />
          <FieldError id={fields.assigneeName.errorId} errors={fields.assigneeName.errors} />
        </div>
      </div>
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        {cancel}
        {reply?.duplicate ? (
          <Button type="submit" name="allowDuplicate" value="on" variant="secondary" disabled={busy}>
            Create anyway
          </Button>
        ) : null}
        <Button type="submit" disabled={busy}>
          {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : null}
          {busy ? "Creating..." : "Create Task"}
        </Button>
      </div>
    </fetcher.Form>
  );
}

import { useFetcher, type useActionData } from "@remix-run/react";
import { AlertTriangle, Bell, LoaderCircle, Repeat, Sparkles, X } from "lucide-react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { FieldError, FormError } from "~/components/field-error";
import { FeatureGateBanner } from "~/components/feature-gate";
import { useToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { toRowValues, willCreate, type TaskRowValues } from "~/domain/parsed-task-rows";
import { reminderLabel } from "~/domain/reminders";
import { PRIORITIES, TASK_TEXT_MAX } from "~/domain/tasks";
import { categoryLabel, plural, PRIORITY_LABELS } from "~/domain/labels";
import { useHydrated } from "~/lib/use-hydrated";
import { cn } from "~/lib/utils";
import { useOnChange } from "~/lib/use-on-change";
import type { action } from "~/routes/tasks_.ai";

/** What `/tasks/ai` answers, to the page or a fetcher (app/routes/tasks_.ai.tsx). */
type AiReply = NonNullable<ReturnType<typeof useActionData<typeof action>>>;

const ACTION = "/tasks/ai";

const EXAMPLE = [
  "Book shuttle buses for day 1 by Friday @maria",
  "URGENT: confirm generator hire tomorrow 10am, owner: Dev (~2h)",
  "Send press release next Tuesday #marketing",
].join("\n");

interface Preview {
  text: string;
  source: "rules" | "ai" | null;
  categories: string[];
  rows: Array<TaskRowValues & { key: number }>;
}

let nextRowKey = 1;
const withKeys = (rows: TaskRowValues[]) => rows.map((row) => ({ ...row, key: nextRowKey++ }));

/** The preview a server render starts from: a parse, or a confirm form that came back with errors. */
function previewFrom(reply: AiReply | undefined): Preview | null {
  if (reply?.intent === "preview" && reply.ok && reply.data) {
    const { text, source, categories, tasks } = reply.data;
    return { text, source, categories, rows: withKeys(tasks.map(toRowValues)) };
  }
  if (reply?.intent === "create" && !reply.ok && reply.data) {
    return { text: reply.data.text, source: null, categories: reply.data.categories, rows: withKeys(reply.data.rows) };
  }
  return null;
}

/** The text box's text a server render starts from: the text previewed, or sent with a form that came back. */
function textFrom(reply: AiReply | undefined): string {
  if (reply?.intent === "preview")
    return reply.ok ? (reply.data?.text ?? "") : String(reply.result?.initialValue?.text ?? "");
  return reply && !reply.ok && reply.data ? reply.data.text : "";
}

/** A refusal's messages by field ("" for the form's own), as Conform's reply carries them. */
function errorsOf(reply: AiReply | undefined): Record<string, string[]> {
  if (!reply || reply.ok) return {};
  return Object.fromEntries(
    Object.entries(reply.result?.error ?? {}).filter((entry): entry is [string, string[]] => !!entry[1]?.length),
  );
}

/**
 * 'Add with AI': type or paste tasks in plain words, preview what the parser understood as editable rows
 * (title, date, owner, priority, category, hours), drop or fix any, and create them in one request. Rows that
 * look like an open task are flagged and skipped unless 'Create anyway' is ticked. Producers whose plan lacks
 * AI see the feature gate instead.
 *
 * Without JavaScript the same forms post to /tasks/ai, which renders the preview and creates on confirm;
 * rows are removed there with a 'Remove' checkbox instead of a button.
 */
export function AiTaskBox({ allowed, initial }: { allowed: boolean; initial?: AiReply }) {
  if (!allowed) {
    return (
      <FeatureGateBanner
        feature="aiTasks"
        name="Add with AI"
        pitch="Turn meeting notes and chat messages into dated, assigned tasks in one go."
      />
    );
  }
  return <AiTaskBoxForm initial={initial} />;
}

function AiTaskBoxForm({ initial }: { initial?: AiReply }) {
  const previewFetcher = useFetcher<typeof action>();
  const createFetcher = useFetcher<typeof action>();
  const toast = useToast();
  const hydrated = useHydrated();
  const id = useId();
  const headingId = `${id}-heading`;
  const textId = `${id}-text`;
  const [text, setText] = useState(() => textFrom(initial));
  const [preview, setPreview] = useState<Preview | null>(() => previewFrom(initial));
  const previewHeading = useRef<HTMLHeadingElement>(null);
  const focusPreview = useRef(false);

  const previewReply = previewFetcher.data ?? (initial?.intent === "preview" ? initial : undefined);
  const createReply = createFetcher.data ?? (initial?.intent === "create" ? initial : undefined);
  const previewError = Object.values(errorsOf(previewReply)).flat()[0] ?? null;
  const createErrors = errorsOf(createReply);
  const formErrors = Object.entries(createErrors)
    .filter(([key]) => !key.startsWith("tasks["))
    .flatMap(([, messages]) => messages);

  useEffect(() => {
    const reply = previewFetcher.data;
    if (reply?.intent !== "preview" || !reply.ok) return;
    setPreview(previewFrom(reply));
    focusPreview.current = true;
  }, [previewFetcher.data]);

  // After a new preview renders, move focus to it so keyboard and screen-reader users land on the result.
  useEffect(() => {
    if (!focusPreview.current || !preview) return;
    focusPreview.current = false;
    previewHeading.current?.focus();
  }, [preview]);

  useOnChange(createFetcher.data, (reply) => {
    if (reply.intent !== "create") return;
    if (reply.ok) {
      if (reply.toast) toast(reply.toast);
      setPreview(null);
      setText("");
    } else if (!reply.data) {
      // A refusal or a failure; an invalid confirm comes back with its rows, and shows its errors on them.
      const description = Object.values(errorsOf(reply)).flat()[0];
      toast({ title: "Error Creating Tasks", description, variant: "destructive" });
    }
  });

  const previewing = previewFetcher.state !== "idle";
  const creating = createFetcher.state !== "idle";
  const rows = preview?.rows ?? [];
  const count = rows.filter(willCreate).length;

  function updateRow(key: number, changes: Partial<TaskRowValues>) {
    setPreview((p) => p && { ...p, rows: p.rows.map((row) => (row.key === key ? { ...row, ...changes } : row)) });
  }
  function removeRow(key: number) {
    setPreview((p) => p && { ...p, rows: p.rows.filter((row) => row.key !== key) });
  }

  return (
    <Card role="region" aria-labelledby={headingId} className="mb-6">
      <CardHeader>
        <CardTitle asChild className="flex items-center gap-2">
          <h2 id={headingId}>
            <Sparkles className="size-5 text-brand-600" aria-hidden />
            Add with AI
          </h2>
        </CardTitle>
        <CardDescription>
          One task per line. Dates, owners (@name, “owner: Sam”), priorities (urgent, p2), estimates (2h) and categories
          are picked up; you can check and fix everything before anything is created.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <previewFetcher.Form method="post" action={ACTION} className="grid gap-2">
          <input type="hidden" name="intent" value="preview" />
          <Label htmlFor={textId}>Tasks in your own words</Label>
          <Textarea
            id={textId}
            name="text"
            rows={4}
            maxLength={TASK_TEXT_MAX}
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={EXAMPLE}
            aria-invalid={previewError ? true : undefined}
            aria-describedby={previewError ? `${textId}-error` : undefined}
          />
          <FieldError id={`${textId}-error`} errors={previewError ? [previewError] : undefined} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={previewing}>
              {previewing ? <LoaderCircle className="animate-spin" aria-hidden /> : <Sparkles aria-hidden />}
              {previewing ? "Reading..." : "Preview"}
            </Button>
          </div>
        </previewFetcher.Form>

        {preview ? (
          <createFetcher.Form method="post" action={ACTION} className="grid gap-3" aria-labelledby={`${id}-preview`}>
            <input type="hidden" name="intent" value="create" />
            <input type="hidden" name="prompt" value={preview.text} />
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3
                id={`${id}-preview`}
                ref={previewHeading}
                tabIndex={-1}
                className="font-semibold text-slate-900 outline-none"
              >
                {rows.length === 0 ? "No tasks left to create" : `${plural(rows.length, "task")} found`}
              </h3>
              {preview.source ? (
                <p className="text-xs text-slate-500">
                  {preview.source === "ai" ? "Read by Workers AI" : "Read by Cueboard's built-in parser"}
                </p>
              ) : null}
            </div>
            <FormError id={`${id}-form-error`} errors={formErrors.length ? formErrors : undefined} />
            <ul className="grid gap-3">
              {rows.map((row, index) => (
                <li key={row.key}>
                  <ParsedTaskRow
                    index={index}
                    row={row}
                    categories={preview.categories}
                    errors={createErrors}
                    hydrated={hydrated}
                    onChange={(changes) => updateRow(row.key, changes)}
                    onRemove={() => removeRow(row.key)}
                  />
                </li>
              ))}
            </ul>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              {hydrated ? (
                <Button type="button" variant="ghost" onClick={() => setPreview(null)}>
                  Start over
                </Button>
              ) : null}
              <Button type="submit" disabled={creating || (hydrated && count === 0)}>
                {creating ? <LoaderCircle className="animate-spin" aria-hidden /> : null}
                {creating ? "Creating..." : hydrated ? `Create ${plural(count, "task")}` : "Create tasks"}
              </Button>
            </div>
          </createFetcher.Form>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** One parsed task as a row of small fields, with its near-duplicate warning. */
function ParsedTaskRow({
  index,
  row,
  categories,
  errors,
  hydrated,
  onChange,
  onRemove,
}: {
  index: number;
  row: TaskRowValues;
  categories: string[];
  errors: Record<string, string[]>;
  hydrated: boolean;
  onChange: (changes: Partial<TaskRowValues>) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const name = (field: string) => `tasks[${index}].${field}`;
  const fieldId = (field: string) => `${id}-${field}`;
  // An owner naming several members shows its question ("Which Sam? …") as the field's error until edited.
  const errorOf = (field: string) =>
    errors[name(field)] ?? (field === "assigneeName" && row.ownerNote ? [row.ownerNote] : undefined);
  const described = (field: string) =>
    errorOf(field) ? { "aria-invalid": true, "aria-describedby": `${fieldId(field)}-error` } : {};
  const skipped = !willCreate(row);
  const categoryOptions =
    row.category && !categories.includes(row.category) ? [...categories, row.category] : categories;
  const label = row.title.trim() || `Task ${index + 1}`;

  return (
    <fieldset
      className={cn(
        "grid gap-3 rounded-lg border border-slate-200 bg-slate-50/60 p-3 sm:p-4",
        skipped && "border-amber-300 bg-amber-50/40",
      )}
    >
      <legend className="sr-only">{`Task ${index + 1}: ${label}`}</legend>
      <input type="hidden" name={name("description")} value={row.description} />
      {row.recurrence ? (
        <>
          <input type="hidden" name={name("recurrence")} value={row.recurrence} />
          <input type="hidden" name={name("recurrenceText")} value={row.recurrenceText} />
        </>
      ) : null}
      {row.reminders.map((minutes) => (
        <input key={minutes} type="hidden" name={name("reminders")} value={minutes} />
      ))}
      <div className="flex items-end gap-2">
        <div className="grid min-w-0 flex-1 gap-1">
          <Label htmlFor={fieldId("title")} className="text-xs text-slate-600">
            Title
          </Label>
          <Input
            id={fieldId("title")}
            name={name("title")}
            value={row.title}
            onChange={(e) => onChange({ title: e.target.value })}
            required
            {...described("title")}
          />
        </div>
        {hydrated ? (
          <Button type="button" variant="ghost" size="icon" onClick={onRemove} aria-label={`Remove “${label}”`}>
            <X aria-hidden />
          </Button>
        ) : (
          <label className="flex h-10 items-center gap-1.5 text-sm text-slate-700">
            <input type="checkbox" name={name("remove")} className="size-4 accent-brand-600" />
            Remove
          </label>
        )}
      </div>
      <FieldError id={`${fieldId("title")}-error`} errors={errorOf("title")} />
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
        <SmallField label="Due date" htmlFor={fieldId("dueDay")}>
          <Input
            id={fieldId("dueDay")}
            type="date"
            name={name("dueDay")}
            value={row.dueDay}
            onChange={(e) => onChange({ dueDay: e.target.value })}
            {...described("dueDay")}
          />
        </SmallField>
        <SmallField label="Time" htmlFor={fieldId("dueTime")}>
          <Input
            id={fieldId("dueTime")}
            type="time"
            name={name("dueTime")}
            value={row.dueTime}
            onChange={(e) => onChange({ dueTime: e.target.value })}
            {...described("dueTime")}
          />
        </SmallField>
        <SmallField label="Owner" htmlFor={fieldId("assigneeName")}>
          <Input
            id={fieldId("assigneeName")}
            name={name("assigneeName")}
            value={row.assigneeName}
            onChange={(e) => onChange({ assigneeName: e.target.value, ownerNote: undefined })}
            autoComplete="off"
            {...described("assigneeName")}
          />
        </SmallField>
        <SmallField label="Priority" htmlFor={fieldId("priority")}>
          <NativeSelect
            id={fieldId("priority")}
            name={name("priority")}
            value={row.priority}
            onChange={(e) => onChange({ priority: e.target.value as TaskRowValues["priority"] })}
          >
            {PRIORITIES.map((p) => (
              <option key={p} value={p}>
                {PRIORITY_LABELS[p]}
              </option>
            ))}
          </NativeSelect>
        </SmallField>
        <SmallField label="Category" htmlFor={fieldId("category")}>
          <NativeSelect
            id={fieldId("category")}
            name={name("category")}
            value={row.category}
            onChange={(e) => onChange({ category: e.target.value })}
          >
            <option value="">None</option>
            {categoryOptions.map((c) => (
              <option key={c} value={c}>
                {categoryLabel(c)}
              </option>
            ))}
          </NativeSelect>
        </SmallField>
        <SmallField label="Hours" htmlFor={fieldId("estimatedHours")}>
          <Input
            id={fieldId("estimatedHours")}
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            name={name("estimatedHours")}
            value={row.estimatedHours}
            onChange={(e) => onChange({ estimatedHours: e.target.value })}
            {...described("estimatedHours")}
          />
        </SmallField>
      </div>
      {row.recurrenceText ? (
        <p className="flex items-center gap-1.5 text-sm text-slate-700">
          <Repeat className="size-4 text-slate-500" aria-hidden />
          <span>Repeats: {row.recurrenceText}</span>
        </p>
      ) : null}
      {row.reminders.length ? (
        <p className="flex items-center gap-1.5 text-sm text-slate-700">
          <Bell className="size-4 text-slate-500" aria-hidden />
          <span>Remind: {row.reminders.map(reminderLabel).join(", ")}</span>
        </p>
      ) : null}
      {(["dueDay", "dueTime", "assigneeName", "estimatedHours"] as const).map((field) => (
        <FieldError key={field} id={`${fieldId(field)}-error`} errors={errorOf(field)} />
      ))}
      {row.similar.length > 0 ? (
        <div className="flex flex-col gap-2 rounded-md border border-amber-200 bg-amber-50 p-2.5 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between">
          <p className="flex gap-2">
            <AlertTriangle className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden />
            <span>
              Similar open task: “{row.similar[0].title}”
              {row.similar.length > 1 ? ` and ${row.similar.length - 1} more` : ""}.
              {skipped ? " Skipped unless you create it anyway." : null}
            </span>
          </p>
          <label className="flex shrink-0 items-center gap-1.5 font-medium">
            <input
              type="checkbox"
              name={name("allowDuplicate")}
              checked={row.allowDuplicate}
              onChange={(e) => onChange({ allowDuplicate: e.target.checked })}
              className="size-4 accent-brand-600"
            />
            Create anyway
          </label>
        </div>
      ) : null}
    </fieldset>
  );
}

function SmallField({ label, htmlFor, children }: { label: string; htmlFor: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-1">
      <Label htmlFor={htmlFor} className="text-xs text-slate-600">
        {label}
      </Label>
      {children}
    </div>
  );
}

import { useFetcher, type useActionData } from "@remix-run/react";
import { LoaderCircle, Sparkles } from "lucide-react";
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { FieldError, FormError } from "~/components/field-error";
import { FeatureGateBanner } from "~/components/feature-gate";
import { useToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { toRowValues, willCreate, type TaskRowValues } from "~/domain/parsed-task-rows";
import { reminderLabel } from "~/domain/reminders";
import { TASK_TEXT_MAX } from "~/domain/tasks";
import { plural } from "~/domain/labels";
import { useHydrated } from "~/lib/use-hydrated";
import { useOnChange } from "~/lib/use-on-change";
import type { action } from "~/routes/tasks_.ai";

/** What `/tasks/ai` answers, to the page or a fetcher (app/routes/tasks_.ai.tsx). */
type AiReply = NonNullable<ReturnType<typeof useActionData<typeof action>>>;

const ACTION = "/tasks/ai";

// The preview's rows show only after a preview, never on the dashboard's first paint: their code loads when the text
// box first takes focus or the pointer reaches Preview, well before the preview comes back. The server renders them
// in full (a page with a preview, without JavaScript).
const loadPreviewRow = () => import("./ai-task-preview-row");
const ParsedTaskRow = lazy(() => loadPreviewRow().then((m) => ({ default: m.ParsedTaskRow })));
const preloadPreviewRow = () => void loadPreviewRow();

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
            onFocus={preloadPreviewRow}
            placeholder={EXAMPLE}
            aria-invalid={previewError ? true : undefined}
            aria-describedby={previewError ? `${textId}-error` : undefined}
          />
          <FieldError id={`${textId}-error`} errors={previewError ? [previewError] : undefined} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={previewing} onPointerEnter={preloadPreviewRow} onFocus={preloadPreviewRow}>
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
            <Suspense fallback={null}>
              <ul className="grid gap-3">
                {rows.map((row, index) => (
                  <li key={row.key}>
                    <ParsedTaskRow
                      index={index}
                      row={row}
                      remindersText={row.reminders.map(reminderLabel).join(", ")}
                      categories={preview.categories}
                      errors={createErrors}
                      hydrated={hydrated}
                      onChange={(changes) => updateRow(row.key, changes)}
                      onRemove={() => removeRow(row.key)}
                    />
                  </li>
                ))}
              </ul>
            </Suspense>
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

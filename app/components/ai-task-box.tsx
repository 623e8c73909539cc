import { useFetcher, type useActionData } from "@remix-run/react";
import { LoaderCircle, Sparkles } from "lucide-react";
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from "react";
import { FieldError } from "~/components/field-error";
import { FeatureGateBanner } from "~/components/feature-gate";
import { useToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { splitBatch, toRowValues, type TaskRowValues } from "~/domain/parsed-task-rows";
import { TASK_TEXT_MAX } from "~/domain/tasks";
import { useHydrated } from "~/lib/use-hydrated";
import { useOnChange } from "~/lib/use-on-change";
import type { action } from "~/routes/tasks_.ai";

/** What `/tasks/ai` answers, to the page or a fetcher (app/routes/tasks_.ai.tsx). */
export type AiReply = NonNullable<ReturnType<typeof useActionData<typeof action>>>;

export const ACTION = "/tasks/ai";

// The preview (its rows and the create form) shows only after a preview, never on the dashboard's first paint: its
// code loads when the text box first takes focus or the pointer reaches Preview, well before the preview comes back.
// The server renders it in full (a page with a preview, without JavaScript).
const loadPreview = () => import("./ai-task-preview");
const AiTaskPreview = lazy(() => loadPreview().then((m) => ({ default: m.AiTaskPreview })));
const preloadPreview = () => void loadPreview();

const EXAMPLE = [
  "Book shuttle buses for day 1 by Friday @maria",
  "URGENT: confirm generator hire tomorrow 10am, owner: Dev (~2h)",
  "Send press release next Tuesday #marketing",
].join("\n");

export interface Preview {
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
export function errorsOf(reply: AiReply | undefined): Record<string, string[]> {
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
  const previewHeading = useRef<HTMLHeadingElement | null>(null);
  const focusPreview = useRef(false);
  // The first preview's heading appears once the preview's code has run: focus it as it mounts.
  const headingRef = useCallback((node: HTMLHeadingElement | null) => {
    previewHeading.current = node;
    if (node && focusPreview.current) {
      focusPreview.current = false;
      node.focus();
    }
  }, []);

  const previewReply = previewFetcher.data ?? (initial?.intent === "preview" ? initial : undefined);
  const previewError = Object.values(errorsOf(previewReply)).flat()[0] ?? null;

  useEffect(() => {
    const reply = previewFetcher.data;
    if (reply?.intent !== "preview" || !reply.ok) return;
    setPreview(previewFrom(reply));
    focusPreview.current = true;
  }, [previewFetcher.data]);

  // After a new preview renders, move focus to it so keyboard and screen-reader users land on the result.
  useEffect(() => {
    if (!focusPreview.current || !preview || !previewHeading.current) return;
    focusPreview.current = false;
    previewHeading.current.focus();
  }, [preview]);

  useOnChange(createFetcher.data, (reply) => {
    if (reply.intent !== "create") return;
    if (reply.ok) {
      if (reply.toast) toast(reply.toast);
      // A list longer than a batch keeps its other rows for the next press (app/components/ai-task-preview.tsx).
      const later = preview ? splitBatch(preview.rows).later : [];
      setPreview(later.length && preview ? { ...preview, rows: later } : null);
      if (!later.length) setText("");
    } else if (!reply.data) {
      // A refusal or a failure; an invalid confirm comes back with its rows, and shows its errors on them.
      const description = Object.values(errorsOf(reply)).flat()[0];
      toast({ title: "Error Creating Tasks", description, variant: "destructive" });
    }
  });

  const previewing = previewFetcher.state !== "idle";

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
            onFocus={preloadPreview}
            placeholder={EXAMPLE}
            aria-invalid={previewError ? true : undefined}
            aria-describedby={previewError ? `${textId}-error` : undefined}
          />
          <FieldError id={`${textId}-error`} errors={previewError ? [previewError] : undefined} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={previewing} onPointerEnter={preloadPreview} onFocus={preloadPreview}>
              {previewing ? <LoaderCircle className="animate-spin" aria-hidden /> : <Sparkles aria-hidden />}
              {previewing ? "Reading..." : "Preview"}
            </Button>
          </div>
        </previewFetcher.Form>

        {preview ? (
          <Suspense fallback={null}>
            <AiTaskPreview
              id={id}
              preview={preview}
              initial={initial}
              hydrated={hydrated}
              headingRef={headingRef}
              fetcher={createFetcher}
              onChange={setPreview}
            />
          </Suspense>
        ) : null}
      </CardContent>
    </Card>
  );
}

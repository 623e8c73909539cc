import type { FetcherWithComponents } from "@remix-run/react";
import { LoaderCircle } from "lucide-react";
import type { Ref } from "react";
import { FormError } from "~/components/field-error";
import { Button } from "~/components/ui/button";
import { splitBatch, TASK_BATCH_MAX, willCreate, type TaskRowValues } from "~/domain/parsed-task-rows";
import { plural } from "~/domain/labels";
import { reminderLabel } from "~/domain/reminders";
import { ACTION, errorsOf, type AiReply, type Preview } from "./ai-task-box";
import { ParsedTaskRow } from "./ai-task-preview-row";

/**
 * The Add-with-AI box's preview: the rows the parser read, editable, and the form that creates them (loaded on
 * demand by the box, app/components/ai-task-box.tsx, which holds the create fetcher and answers its reply). A refused
 * confirm shows its errors on the rows.
 */
export function AiTaskPreview({
  id,
  preview,
  initial,
  hydrated,
  headingRef,
  fetcher: createFetcher,
  onChange,
}: {
  id: string;
  preview: Preview;
  initial?: AiReply;
  hydrated: boolean;
  headingRef: Ref<HTMLHeadingElement>;
  /** The box's, so that a reply arriving after 'Start over' still empties the box and says so. */
  fetcher: FetcherWithComponents<AiReply>;
  onChange: (update: (preview: Preview | null) => Preview | null) => void;
}) {
  const createReply = createFetcher.data ?? (initial?.intent === "create" ? initial : undefined);
  const createErrors = errorsOf(createReply);
  const formErrors = Object.entries(createErrors)
    .filter(([key]) => !key.startsWith("tasks["))
    .flatMap(([, messages]) => messages);

  const creating = createFetcher.state !== "idle";
  const rows = preview.rows;
  // Past the batch limit, the first rows are created now and the rest wait below, disabled (so not sent), for the
  // next press: said beside the button before anyone presses it.
  const { now, later } = splitBatch(rows);
  const count = now.filter(willCreate).length;

  function updateRow(key: number, changes: Partial<TaskRowValues>) {
    onChange((p) => p && { ...p, rows: p.rows.map((row) => (row.key === key ? { ...row, ...changes } : row)) });
  }
  function removeRow(key: number) {
    onChange((p) => p && { ...p, rows: p.rows.filter((row) => row.key !== key) });
  }

  return (
    <createFetcher.Form method="post" action={ACTION} className="grid gap-3" aria-labelledby={`${id}-preview`}>
      <input type="hidden" name="intent" value="create" />
      <input type="hidden" name="prompt" value={preview.text} />
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`${id}-preview`} ref={headingRef} tabIndex={-1} className="font-semibold text-slate-900 outline-none">
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
        {now.map((row, index) => (
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
      {later.length ? (
        <fieldset disabled className="grid gap-3 opacity-60" aria-describedby={`${id}-batch-note`}>
          <legend className="mb-1 text-sm font-semibold text-slate-700">
            {`Next batch: ${plural(later.length, "task")}`}
          </legend>
          <ul className="grid gap-3">
            {later.map((row, index) => (
              <li key={row.key}>
                <ParsedTaskRow
                  index={now.length + index}
                  row={row}
                  remindersText={row.reminders.map(reminderLabel).join(", ")}
                  categories={preview.categories}
                  errors={{}}
                  hydrated={hydrated}
                  onChange={(changes) => updateRow(row.key, changes)}
                  onRemove={() => removeRow(row.key)}
                />
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
      {later.length ? (
        <p id={`${id}-batch-note`} className="text-sm text-amber-800 sm:text-right" role="status">
          {`One go creates at most ${TASK_BATCH_MAX} tasks: the first ${now.length} now, then the other ${plural(later.length, "task")} stay here for the next.`}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {hydrated ? (
          <Button type="button" variant="ghost" onClick={() => onChange(() => null)}>
            Start over
          </Button>
        ) : null}
        <Button type="submit" disabled={creating || (hydrated && count === 0)}>
          {creating ? <LoaderCircle className="animate-spin" aria-hidden /> : null}
          {creating
            ? "Creating..."
            : later.length
              ? `Create the first ${plural(count, "task")}`
              : hydrated
                ? `Create ${plural(count, "task")}`
                : "Create tasks"}
        </Button>
      </div>
    </createFetcher.Form>
  );
}

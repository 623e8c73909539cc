import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation, useSubmit } from "@remix-run/react";
import { ArrowLeft, FileUp, RefreshCw, Upload } from "lucide-react";
import { useState, type ChangeEvent, type FormEvent } from "react";
import { AppShell, PageHeader, type ShellUser } from "~/components/app-shell";
import { FormError } from "~/components/field-error";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { formatCalendarDate } from "~/domain/dates";
import { plural } from "~/domain/labels";
import {
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  MAX_IMPORT_ROWS,
  type ImportedTask,
  type PreviewRow,
} from "~/domain/task-import";
import type { TaskImportPreview } from "~/services/task-import.server";

/** What the page's action hands back after reading a sheet (or refusing an import). */
export interface TaskImportPageData {
  preview: TaskImportPreview;
  /** The sheet's rows as JSON: the hidden field the next post reads instead of the file. */
  sheet: string;
  /** The sheet's first rows, the header row's choices. */
  firstRows: { row: number; cells: string[] }[];
  chosen: number[];
  refusal: { message: string; problems: string[] } | null;
}

interface ImportActionData {
  intent: string;
  ok: boolean;
  data?: TaskImportPageData;
  result?: SubmissionResult<string[]>;
}

const FORM_ID = "task-import-form";

/** `A`, `B`, … `AA`: a column as the spreadsheet names it. */
function columnName(index: number) {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

export function TaskImportPage({ user, actionData }: { user: ShellUser; actionData?: ImportActionData }) {
  const page = actionData?.data;
  const errors =
    actionData && !actionData.ok
      ? Object.values(actionData.result?.error ?? {})
          .flat()
          .filter((e): e is string => Boolean(e))
      : [];
  return (
    <AppShell user={user}>
      <PageHeader
        title="Import tasks"
        description="From a CSV or XLSX file, or cells copied from Google Sheets or Excel."
        actions={
          <Button asChild variant="secondary">
            <Link to="/tasks" prefetch="intent">
              <ArrowLeft aria-hidden />
              Back to tasks
            </Link>
          </Button>
        }
      />
      {page ? (
        <PreviewForm key={page.sheet.length + page.preview.rows.length} page={page} />
      ) : (
        <SourceForm errors={errors} />
      )}
    </AppShell>
  );
}

/** The first step: a file or pasted cells. */
function SourceForm({ errors }: { errors: string[] }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <Card role="region" aria-labelledby="import-source-title">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="import-source-title">Your sheet</h2>
        </CardTitle>
        <CardDescription id="import-source-help">
          Up to 5 MB and {MAX_IMPORT_ROWS.toLocaleString("en")} rows. Next you check how each column is read and see
          every row before anything is created.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" encType="multipart/form-data" className="grid gap-4" id={FORM_ID}>
          <FormError id="import-source-errors" errors={errors} />
          <div className="grid gap-1.5">
            <Label htmlFor="import-file">CSV or XLSX file</Label>
            <Input
              id="import-file"
              name="file"
              type="file"
              accept=".csv,.xlsx,.tsv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              aria-describedby="import-source-help"
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="import-pasted">Or paste cells</Label>
            <Textarea
              id="import-pasted"
              name="pasted"
              rows={8}
              className="font-mono text-xs"
              placeholder={"Task\tOwner\tDue\nBook trucks\tSam\t4/12/2026"}
            />
          </div>
          <div>
            <Button type="submit" name="intent" value="preview" disabled={busy}>
              <FileUp aria-hidden />
              Preview
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}

/** The second step: the header row, a field per column, the date order, every row, and 'Import N tasks'. */
function PreviewForm({ page }: { page: TaskImportPageData }) {
  const { preview } = page;
  const submit = useSubmit();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [chosenCount, setChosenCount] = useState(page.chosen.length);
  const chosen = new Set(page.chosen);
  const withProblems = preview.rows.filter((r) => r.problems.length).length;
  const duplicates = preview.rows.filter((r) => r.duplicateOf).length;

  // With JavaScript a changed choice previews at once; without it, 'Update preview' posts the same form.
  const previewNow = (event: ChangeEvent<HTMLSelectElement | HTMLInputElement>) => {
    const form = event.currentTarget.form;
    if (!form) return;
    const formData = new FormData(form);
    formData.set("intent", "preview");
    submit(formData, { method: "post", encType: "multipart/form-data" });
  };
  const countChosen = (event: FormEvent<HTMLFormElement>) =>
    setChosenCount(event.currentTarget.querySelectorAll('input[name="rows"]:checked').length);

  return (
    <Form method="post" encType="multipart/form-data" id={FORM_ID} className="grid gap-6" onChange={countChosen}>
      <input type="hidden" name="sheet" value={page.sheet} />
      {page.refusal ? (
        <FormError
          id="import-refusal"
          errors={[page.refusal.message, ...page.refusal.problems.filter((p) => p !== page.refusal!.message)]}
        />
      ) : null}

      <Card role="region" aria-labelledby="import-columns-title">
        <CardHeader>
          <CardTitle asChild>
            <h2 id="import-columns-title">Columns</h2>
          </CardTitle>
          <CardDescription>
            Check what each column holds. Columns left out are not imported.{" "}
            <Link to="/tasks/import" reloadDocument className="font-medium underline">
              Start over with another sheet
            </Link>
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="grid max-w-md gap-1.5">
            <Label htmlFor="import-header-row">Header row</Label>
            <NativeSelect
              id="import-header-row"
              name="headerRow"
              defaultValue={preview.headerRow === null ? "none" : String(preview.headerRow)}
              onChange={previewNow}
            >
              <option value="none">No header row: every row is a task</option>
              {page.firstRows.map((r) => (
                <option key={r.row} value={r.row}>
                  Row {r.row}: {r.cells.filter(Boolean).slice(0, 4).join(", ")}
                </option>
              ))}
            </NativeSelect>
          </div>
          {preview.mappingProblem ? <FormError id="import-mapping-error" errors={[preview.mappingProblem]} /> : null}
          <fieldset className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            <legend className="sr-only">What each column holds</legend>
            {Array.from({ length: preview.columns }, (_, i) => {
              const label = preview.header?.[i] || `Column ${columnName(i)}`;
              return (
                <div key={i} className="grid gap-1.5">
                  <Label htmlFor={`import-column-${i}`}>
                    <span className="text-slate-500">{columnName(i)}</span> {label}
                  </Label>
                  <NativeSelect
                    id={`import-column-${i}`}
                    name={`mapping[${i}]`}
                    defaultValue={preview.mapping[i] ?? "none"}
                    onChange={previewNow}
                    aria-invalid={preview.mappingProblem ? true : undefined}
                    aria-describedby={preview.mappingProblem ? "import-mapping-error" : undefined}
                  >
                    <option value="none">Leave out</option>
                    {IMPORT_FIELDS.map((field) => (
                      <option key={field} value={field}>
                        {IMPORT_FIELD_LABELS[field]}
                      </option>
                    ))}
                  </NativeSelect>
                </div>
              );
            })}
          </fieldset>
          {preview.dateOrder.ambiguous > 0 ? (
            <fieldset className="grid gap-2 rounded-md border border-amber-200 bg-amber-50 p-3">
              <legend className="px-1 text-sm font-medium text-slate-900">Dates like 4/12/2026 are</legend>
              <p className="text-sm text-slate-700">
                {preview.dateOrder.decided
                  ? "Guessed from dates that read one way only; change it if it is wrong."
                  : `${plural(preview.dateOrder.ambiguous, "date")} in this sheet could be read either way.`}
              </p>
              <div className="flex flex-wrap gap-4 text-sm">
                <label className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="dateOrder"
                    value="dmy"
                    defaultChecked={preview.dateOrder.order === "dmy"}
                    onChange={previewNow}
                  />
                  Day/month (4 December)
                </label>
                <label className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="dateOrder"
                    value="mdy"
                    defaultChecked={preview.dateOrder.order === "mdy"}
                    onChange={previewNow}
                  />
                  Month/day (April 12)
                </label>
              </div>
            </fieldset>
          ) : (
            <input type="hidden" name="dateOrder" value={preview.dateOrder.order} />
          )}
          <div>
            <Button type="submit" name="intent" value="preview" variant="secondary" disabled={busy}>
              <RefreshCw aria-hidden />
              Update preview
            </Button>
          </div>
        </CardContent>
      </Card>

      {preview.rows.length ? (
        // min-w-0: a grid item may shrink below the table's width, so the table scrolls inside the card on a phone.
        <Card role="region" aria-labelledby="import-rows-title" className="min-w-0">
          <CardHeader>
            <CardTitle asChild>
              <h2 id="import-rows-title">Rows</h2>
            </CardTitle>
            <CardDescription>
              {plural(preview.rows.length, "row")}
              {withProblems ? `, ${withProblems} with problems to fix in the sheet` : ""}
              {duplicates ? `, ${plural(duplicates, "duplicate")} of open tasks left unticked` : ""}.
              {preview.room !== null ? ` Your plan has room for ${plural(preview.room, "more task")}.` : ""}
            </CardDescription>
          </CardHeader>
          <CardContent className="overflow-x-auto">
            <table className="w-full text-left text-sm sm:min-w-[40rem]">
              <thead className="border-b text-xs uppercase tracking-wide text-slate-500">
                <tr>
                  <th scope="col" className="w-12 py-2 pr-2">
                    <span className="sr-only">Import</span>
                  </th>
                  <th scope="col" className="w-14 py-2 pr-2">
                    Row
                  </th>
                  <th scope="col" className="py-2 pr-2">
                    Task
                  </th>
                  <th scope="col" className="py-2 pr-2">
                    Due
                  </th>
                  <th scope="col" className="py-2 pr-2">
                    Owner
                  </th>
                  <th scope="col" className="py-2 max-sm:hidden">
                    Notes
                  </th>
                </tr>
              </thead>
              <tbody>
                {preview.rows.map((row) => (
                  <PreviewTableRow key={row.row} row={row} checked={chosen.has(row.row)} />
                ))}
              </tbody>
            </table>
          </CardContent>
        </Card>
      ) : null}

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" name="intent" value="import" disabled={busy || chosenCount === 0}>
          <Upload aria-hidden />
          Import {plural(chosenCount, "task")}
        </Button>
        <p className="text-sm text-slate-600">All of them are created, or none: one action you can undo.</p>
      </div>
    </Form>
  );
}

function PreviewTableRow({ row, checked }: { row: PreviewRow; checked: boolean }) {
  const { task } = row;
  const title = task?.title ?? row.cells.find(Boolean) ?? "";
  const id = `import-row-${row.row}`;
  return (
    <tr className={row.problems.length ? "border-b bg-red-50/60 align-top" : "border-b align-top"}>
      <td className="py-2 pr-2">
        <input
          type="checkbox"
          id={id}
          name="rows"
          value={row.row}
          defaultChecked={checked && !row.problems.length}
          disabled={!task}
          aria-describedby={row.problems.length ? `${id}-problems` : undefined}
          className="size-4"
        />
      </td>
      <td className="py-2 pr-2 tabular-nums text-slate-500">{row.row}</td>
      <td className="py-2 pr-2 font-medium text-slate-900">
        <label htmlFor={id}>{title || <span className="text-slate-400">(no title)</span>}</label>
        {task ? <TaskDetails task={task} /> : null}
        {/* On a phone the notes go under the title rather than in a column off the screen. */}
        <div className="font-normal sm:hidden">
          <RowNotes row={row} />
        </div>
      </td>
      <td className="py-2 pr-2 sm:whitespace-nowrap">{task?.dueDate ? dueText(task.dueDate) : ""}</td>
      <td className="py-2 pr-2">
        {task?.owner ? (
          <>
            {task.owner.name}
            {task.owner.kind === "outside" ? (
              <span className="block text-xs text-slate-500">outside the team</span>
            ) : null}
          </>
        ) : null}
      </td>
      <td className="py-2 max-sm:hidden">
        <RowNotes row={row} id={`${id}-problems`} />
      </td>
    </tr>
  );
}

/** A row's problems, or its duplicate mark. */
function RowNotes({ row, id }: { row: PreviewRow; id?: string }) {
  if (row.problems.length)
    return (
      <ul id={id} className="grid gap-1 text-red-800">
        {row.problems.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
    );
  if (row.duplicateOf)
    return (
      <Badge variant="warning">{"id" in row.duplicateOf ? "Already open" : `Same as row ${row.duplicateOf.row}`}</Badge>
    );
  return null;
}

function dueText(dueDate: string) {
  const [date, time] = dueDate.split("T");
  return time ? `${formatCalendarDate(date)}, ${time}` : formatCalendarDate(date);
}

function TaskDetails({ task }: { task: ImportedTask }) {
  const parts = [
    task.priority !== "medium" ? `${task.priority} priority` : null,
    task.status,
    task.category,
    task.estimatedHours !== null ? `${task.estimatedHours} h` : null,
    task.dependsOn.length ? `after ${task.dependsOn.map((d) => d.title).join(", ")}` : null,
  ].filter(Boolean);
  return parts.length ? <span className="block text-xs font-normal text-slate-500">{parts.join(" · ")}</span> : null;
}

import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { Landing } from "~/components/landing";
import { TaskImportPage, type TaskImportPageData } from "~/components/tasks/task-import-page";
import { useToast } from "~/components/toaster";
import { AppError, badRequest, isAppError } from "~/domain/errors";
import { plural } from "~/domain/labels";
import { MAX_IMPORT_BYTES, type ColumnMapping } from "~/domain/task-import";
import { sheetRowsSchema, taskImportFormSchema } from "~/domain/task-import-schemas";
import { readCappedBytes } from "~/http/api.server";
import { getShellPageAuth, shellUser } from "~/http/auth.server";
import { intent, pageAction, type Done } from "~/http/page-action.server";
import { IMPORT_BODY_MAX_BYTES } from "~/http/uploads.server";
import { pageMeta } from "~/lib/meta";
import { importTasks, previewTaskImport, type ImportRequest, type ImportSource } from "~/services/task-import.server";
import type { z } from "zod";

/**
 * `/tasks/import` (issue 36, ADR 046): a CSV or XLSX file, or cells pasted from a spreadsheet, previewed row by row
 * with the guessed header row, columns and date order to change, then imported all or none with 'Undo'. Every step
 * is a plain form post (the sheet as read rides along in a hidden field), so it works without JavaScript.
 */
export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.signedIn ? "Import tasks" : null);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await getShellPageAuth(request, context);
  if (!auth) return data({ signedIn: false as const });
  return data({ signedIn: true as const, user: await shellUser(auth) });
}

type FormValue = z.output<typeof taskImportFormSchema>;

const fileError = (message: string) => badRequest(message, { file: [message] });

/** Where the form's sheet comes from: a new file or pasted cells first, else the rows kept from the last read. */
async function sourceOf(value: FormValue): Promise<{ source: ImportSource; fresh: boolean }> {
  if (value.file && value.file.size > 0) {
    const name = value.file.name.toLowerCase();
    if (value.file.size > MAX_IMPORT_BYTES)
      throw fileError(`The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB`);
    if (name.endsWith(".xlsx"))
      return { source: { kind: "xlsx", bytes: new Uint8Array(await value.file.arrayBuffer()) }, fresh: true };
    if (name.endsWith(".csv") || name.endsWith(".txt"))
      return { source: { kind: "csv", text: await value.file.text() }, fresh: true };
    if (name.endsWith(".tsv")) return { source: { kind: "tsv", text: await value.file.text() }, fresh: true };
    throw fileError("Choose a CSV or XLSX file (.csv or .xlsx)");
  }
  if (value.pasted?.trim()) {
    // Cells copied from Google Sheets or Excel are tab-separated; a pasted CSV has no tabs.
    return { source: { kind: value.pasted.includes("\t") ? "tsv" : "csv", text: value.pasted }, fresh: true };
  }
  if (value.sheet) {
    let rows: unknown;
    try {
      rows = JSON.parse(value.sheet);
    } catch {
      rows = null;
    }
    const parsed = sheetRowsSchema.safeParse(rows);
    if (parsed.success) return { source: { kind: "rows", rows: parsed.data }, fresh: false };
  }
  throw fileError("Choose a CSV or XLSX file, or paste cells from a spreadsheet");
}

/** The form as the service's request: a fresh sheet is guessed afresh; the same sheet keeps the choices made. */
async function importRequestOf(value: FormValue): Promise<ImportRequest> {
  const { source, fresh } = await sourceOf(value);
  if (fresh) return { source };
  return {
    source,
    headerRow: value.headerRow === undefined ? undefined : value.headerRow === "none" ? null : value.headerRow,
    mapping: value.mapping?.map((f) => (f === undefined || f === "none" ? null : f)) as ColumnMapping | undefined,
    dateOrder: value.dateOrder,
    rows: value.rows,
  };
}

async function previewPage(
  ctx: Parameters<typeof previewTaskImport>[0],
  input: ImportRequest,
  refusal?: AppError,
): Promise<Done<TaskImportPageData>> {
  const { preview, sheet } = await previewTaskImport(ctx, input);
  const ready = new Set(preview.rows.filter((r) => r.task).map((r) => r.row));
  return {
    data: {
      preview,
      sheet: JSON.stringify(sheet),
      // The header row's choices: the first rows, and the header row wherever it is.
      firstRows: sheet.filter((r, i) => i < 10 || r.row === preview.headerRow),
      chosen: input.rows ? input.rows.filter((row) => ready.has(row)) : preview.chosen,
      refusal: refusal ? { message: refusal.message, problems: refusal.extra.fieldErrors?.rows ?? [] } : null,
    },
    resetForm: false,
  };
}

const pageActionOfImport = pageAction(
  {
    preview: intent({
      schema: taskImportFormSchema,
      errors: "form",
      failed: "Could not read the sheet. Please try again.",
      run: async ({ ctx, value }) => previewPage(ctx, await importRequestOf(value)),
    }),
    import: intent({
      schema: taskImportFormSchema,
      errors: "form",
      failed: "Could not import the tasks. Please try again.",
      run: async ({ ctx, value }): Promise<Done<TaskImportPageData>> => {
        const input = await importRequestOf(value);
        try {
          const { imported, undo } = await importTasks(ctx, { ...input, rows: value.rows ?? [] });
          return {
            toast: {
              title: "Tasks Imported",
              description: `Imported ${plural(imported, "task")}.`,
              variant: "success",
              undo,
            },
            redirectTo: "/tasks",
          };
        } catch (error) {
          // Refused (a row with a problem, the plan's limit): the preview again, with what refused it.
          if (!(error instanceof AppError) || isAppError(error, "rate_limited")) throw error;
          return previewPage(ctx, input, error);
        }
      },
    }),
  },
  { signedOutTo: "/tasks/import" },
);

/** The body is read here, up to the import's cap: the Worker lets this path past its 64 KB cap (uploads.server.ts). */
export async function action(args: ActionFunctionArgs) {
  let body: Uint8Array<ArrayBuffer>;
  try {
    body = new Uint8Array(await readCappedBytes(args.request, IMPORT_BODY_MAX_BYTES));
  } catch (error) {
    if (!isAppError(error, "too_large")) throw error;
    throw new Response(
      `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB. Go back and choose a smaller one.`,
      {
        status: 413,
        headers: { "Content-Type": "text/plain; charset=utf-8" },
      },
    );
  }
  return pageActionOfImport({ ...args, request: new Request(args.request, { body }) });
}

export default function TaskImportRoute() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const toast = useToast();
  const navigate = useNavigate();
  // With JavaScript the import answers here: say so and go to the list (without it, the action redirected).
  useEffect(() => {
    if (actionData?.intent === "import" && actionData.ok && actionData.toast) {
      toast(actionData.toast);
      navigate("/tasks");
    }
  }, [actionData, toast, navigate]);
  if (!loaderData.signedIn) return <Landing />;
  return <TaskImportPage user={loaderData.user} actionData={actionData} />;
}

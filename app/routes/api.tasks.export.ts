import { taskExportQuerySchema } from "~/domain/task-import-schemas";
import { todayIn } from "~/domain/dates";
import { resource, validate } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { exportTasksCsv, exportTasksXlsx } from "~/services/task-import.server";

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const api = resource({
  /**
   * `GET /api/tasks/export?format=csv|xlsx&…the list's filters` (ADR 046): the matching tasks, the list's first
   * MAX_EXPORT_ROWS in its order, with the columns the import reads, as a download.
   */
  GET: async ({ request, context }) => {
    const ctx = await requireApiActor(request, context);
    const { format, ...filters } = validate(
      taskExportQuerySchema,
      Object.fromEntries(new URL(request.url).searchParams),
    );
    const name = `tasks-${todayIn(ctx.actor.workspace.timezone, ctx.now)}.${format}`;
    const headers = {
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    };
    if (format === "xlsx") {
      return new Response(await exportTasksXlsx(ctx, filters), { headers: { ...headers, "Content-Type": XLSX_TYPE } });
    }
    return new Response(await exportTasksCsv(ctx, filters), {
      headers: { ...headers, "Content-Type": "text/csv; charset=utf-8" },
    });
  },
});

export const loader = api.loader;
export const action = api.action;

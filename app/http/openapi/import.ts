import { taskExportQuerySchema, taskImportSchema } from "~/domain/task-import-schemas";
import type { ApiOperation } from "./operation";

/** The spreadsheet import and the list's export (issue 36, ADR 046). */
export const importOperations: ApiOperation[] = [
  {
    method: "post",
    path: "/api/tasks/import",
    tag: "Tasks",
    summary: "Preview or import tasks from a spreadsheet",
    description:
      "The sheet is CSV text (`kind: csv`), cells pasted from Google Sheets or Excel (`kind: tsv`) or an XLSX file " +
      "in base64 (`kind: xlsx`), at most 5 MB and 5,000 rows. With `dryRun: true` the answer is the preview: the " +
      "guessed (or given) header row, the field of each column, the date order, and every row with its problems " +
      "and duplicate mark; nothing is written. Without it the chosen `rows` (by default every row with no problem " +
      "that is no duplicate) are created all or none, within the plan's task limit, and the answer's `undo.at` " +
      "undoes the import through `POST /api/tasks/undo`. A wrong file type, a file too large, an empty sheet " +
      "(`fieldErrors.source`), a mapping without a title column (`fieldErrors.mapping`) and chosen rows with " +
      "problems (`fieldErrors.rows`) are 400s with nothing created. The body may be up to about 7 MB.",
    auth: "session",
    body: taskImportSchema,
    status: 201,
    responseDescription:
      "Import: `{imported, tasks: [{id, title}], undo: {at}}` (201). Preview (`dryRun`): `{headerRow, header, " +
      "columns, mapping, mappingProblem, dateOrder: {order, ambiguous, decided}, rows: [{row, cells, task, " +
      "problems, duplicateOf}], chosen, room}` (200).",
  },
  {
    method: "get",
    path: "/api/tasks/export",
    tag: "Tasks",
    summary: "Export the task list as CSV or XLSX",
    description:
      "The tasks matching the list's filters (the same query parameters as `GET /api/tasks`), at most 5,000 in the " +
      "list's order, as a download whose columns the import reads back: Title, Description, Due date, Due time, " +
      "Owner, Category, Priority, Status, Estimate (hours), Depends on.",
    auth: "session",
    query: taskExportQuerySchema,
    responseDescription: "A `text/csv` or XLSX file (`Content-Disposition: attachment`).",
  },
];

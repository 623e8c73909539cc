import { z } from "zod";
import { taskFiltersSchema } from "./schemas";
import {
  DATE_ORDERS,
  IMPORT_FIELDS,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_COLUMNS,
  MAX_IMPORT_ROWS,
  MAX_IMPORT_TASKS,
} from "./task-import";

/**
 * The schemas of `POST /api/tasks/import` and the /tasks/import page's form (issue 36, ADR 046).
 */

const sourceKindMessage = "Send a CSV or XLSX file, or cells pasted from a spreadsheet (kind csv, tsv or xlsx)";

// Bounded by the request's cap (IMPORT_BODY_MAX_BYTES); the service holds the sheet to MAX_IMPORT_BYTES with a
// field error on `source`, counted in bytes.
const sheetText = z.string({ invalid_type_error: "The sheet's text must be a string" });

export const importSourceSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({ kind: z.literal("csv"), text: sheetText }),
    z.object({ kind: z.literal("tsv"), text: sheetText }),
    z.object({
      kind: z.literal("xlsx"),
      /** The file's bytes in base64. */
      base64: z.string({ invalid_type_error: "The file must be base64 text" }),
    }),
  ],
  { errorMap: () => ({ message: sourceKindMessage }) },
);

const mappingSchema = z
  .array(
    z
      .enum(IMPORT_FIELDS, { errorMap: () => ({ message: `A column's field is one of ${IMPORT_FIELDS.join(", ")}` }) })
      .nullable(),
    {
      invalid_type_error: "mapping must be a list of fields, one per column (null leaves a column out)",
    },
  )
  .max(MAX_IMPORT_COLUMNS, `A sheet has at most ${MAX_IMPORT_COLUMNS} columns`);

const rowNumber = z
  .number({ invalid_type_error: "Row numbers must be numbers" })
  .int("Row numbers are whole numbers")
  .min(1, "Row numbers start at 1");

/** `POST /api/tasks/import`: a preview with `dryRun: true`, else the import of the chosen rows. */
export const taskImportSchema = z.object({
  source: importSourceSchema,
  /** The header row's number as the spreadsheet shows it; null for none; absent: guessed. */
  headerRow: rowNumber.nullable().optional(),
  /** Per column, the field it fills (null: left out); absent: guessed from the header. */
  mapping: mappingSchema.optional(),
  /** How 4/12/2026 reads: `dmy` (4 December) or `mdy` (April 12); absent: guessed from the sheet. */
  dateOrder: z.enum(DATE_ORDERS, { errorMap: () => ({ message: "dateOrder is dmy or mdy" }) }).optional(),
  /** The rows to import by number; absent: every row with no problem that is no duplicate. */
  rows: z
    .array(rowNumber, { invalid_type_error: "rows must be a list of row numbers" })
    .max(MAX_IMPORT_TASKS, `Import at most ${MAX_IMPORT_TASKS} rows at once`)
    .optional(),
  dryRun: z.boolean({ invalid_type_error: "dryRun must be true or false" }).default(false),
});
export type TaskImportBody = z.infer<typeof taskImportSchema>;

/** A sheet's rows as the page keeps them between posts (a hidden field), checked like any input. */
export const sheetRowsSchema = z
  .array(
    z.object({
      row: rowNumber,
      cells: z.array(z.string().max(MAX_IMPORT_BYTES)).max(MAX_IMPORT_COLUMNS),
    }),
  )
  .max(MAX_IMPORT_ROWS);

/**
 * The /tasks/import form: the first post carries a file or pasted cells; later ones the sheet as read (`sheet`,
 * JSON of its rows), the header row (`none` for none), a field per column, the date order and the ticked rows.
 */
export const taskImportFormSchema = z.object({
  file: z.instanceof(File).optional(),
  pasted: z
    .string()
    .max(MAX_IMPORT_BYTES, `The pasted cells are more than ${MAX_IMPORT_BYTES / 1024 / 1024} MB`)
    .optional(),
  sheet: z.string().optional(),
  headerRow: z.union([z.literal("none"), z.coerce.number().int().min(1)]).optional(),
  mapping: z
    .array(z.enum([...IMPORT_FIELDS, "none"]).optional())
    .max(MAX_IMPORT_COLUMNS)
    .optional(),
  dateOrder: z.enum(DATE_ORDERS).optional(),
  rows: z.array(z.number().int().min(1)).max(MAX_IMPORT_ROWS).optional(),
});

/** The formats the list exports in. */
export const EXPORT_FORMATS = ["csv", "xlsx"] as const;

/** `GET /api/tasks/export?format=&…the list's filters`. */
export const taskExportQuerySchema = taskFiltersSchema.extend({
  format: z.enum(EXPORT_FORMATS, { errorMap: () => ({ message: "format is csv or xlsx" }) }).default("csv"),
});

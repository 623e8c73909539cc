import { read, utils, write } from "@e965/xlsx";
import { badRequest } from "~/domain/errors";
import { boundedSheet, MAX_IMPORT_ROWS, type SheetRow } from "~/domain/task-import";

/**
 * XLSX workbooks in and out (ADR 046), with SheetJS 0.20.3 as `@e965/xlsx` republishes it (the npm `xlsx` stops at
 * 0.18.5, which has published advisories). Server-only: the library is a megabyte the browser never loads.
 */

/** An XLSX file is a zip archive: it starts with `PK\x03\x04`. */
export function looksLikeXlsx(bytes: Uint8Array) {
  return bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

const unreadable = () => {
  const message = "The file could not be read as an XLSX workbook. Save it as .xlsx or .csv and try again.";
  return badRequest(message, { source: [message] });
};

/**
 * The first sheet's rows as text cells, with the row numbers the spreadsheet shows. Dates stay the serial numbers
 * Excel stores (the import reads them as dates in a date column, as times in a time column), so a cell's display
 * format, which may be day/month or month/day, never decides what a date is.
 */
export function readXlsxRows(bytes: Uint8Array): SheetRow[] {
  if (!looksLikeXlsx(bytes)) throw unreadable();
  let rows: SheetRow[];
  try {
    // One row past the bound, so a longer sheet is refused rather than cut short.
    const book = read(bytes, { type: "array", dense: true, sheetRows: MAX_IMPORT_ROWS + 1, cellDates: false });
    const sheet = book.Sheets[book.SheetNames[0]];
    if (!sheet || !sheet["!ref"]) return [];
    const firstRow = utils.decode_range(sheet["!ref"]).s.r + 1;
    const cells: unknown[][] = utils.sheet_to_json(sheet, { header: 1, raw: true, blankrows: true, defval: "" });
    rows = cells.map((cellsOfRow, i) => ({ row: firstRow + i, cells: cellsOfRow.map(cellText) }));
  } catch {
    throw unreadable();
  }
  const bounded = boundedSheet(rows);
  if (!bounded.ok) throw badRequest(bounded.error, { source: [bounded.error] });
  return bounded.rows;
}

function cellText(value: unknown) {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return String(Math.round(value * 1e9) / 1e9);
  return String(value);
}

/** A workbook of one sheet, `Tasks`, with a header row and text cells. */
export function writeXlsx(header: readonly string[], rows: readonly (readonly string[])[]): ArrayBuffer {
  const sheet = utils.aoa_to_sheet([[...header], ...rows.map((r) => [...r])]);
  const book = utils.book_new(sheet, "Tasks");
  return write(book, { type: "array", bookType: "xlsx", compression: true }) as ArrayBuffer;
}

/**
 * CSV per RFC 4180 (comma separated, CRLF line ends, fields with a comma, quote, CR or LF enclosed in double
 * quotes with inner quotes doubled), with formula neutralisation: a cell that starts with `=`, `+`, `-`, `@`,
 * tab or carriage return is prefixed with `'`, so a spreadsheet shows it as text instead of running it.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export type CsvValue = string | number | boolean | null | undefined;

export function csvCell(value: CsvValue) {
  let text = value === null || value === undefined ? "" : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A header row and data rows as one CSV document (every line, the last included, ends with CRLF). */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]) {
  return [header, ...rows].map((row) => `${row.map(csvCell).join(",")}\r\n`).join("");
}

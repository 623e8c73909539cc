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

export interface CsvRecord {
  /** The line the record starts on (1-based), for errors that name it. */
  line: number;
  cells: string[];
}

/**
 * Reads CSV per RFC 4180 (LF or CRLF line ends, quoted fields with doubled quotes and line breaks), at most
 * `maxRecords` records; blank lines are skipped. A cell `csvCell` neutralised (`'=SUM(…)`) reads back as written.
 * Returns an error naming the line for an unclosed quote or too many records. `delimiter: "\t"` reads cells copied
 * from Google Sheets or Excel (TSV, quoted the same way when a cell holds a line break).
 */
export function parseCsv(
  text: string,
  maxRecords: number,
  options: { delimiter?: "," | "\t" } = {},
): { ok: true; records: CsvRecord[] } | { ok: false; error: string } {
  const delimiter = options.delimiter ?? ",";
  const records: CsvRecord[] = [];
  const source = text.replace(/^\uFEFF/, "");
  let line = 1;
  let i = 0;
  while (i < source.length) {
    const start = line;
    const cells: string[] = [];
    let cell = "";
    let quoted = false;
    let wasQuoted = false;
    for (;;) {
      const c = source[i];
      if (quoted) {
        if (c === undefined) return { ok: false, error: `Line ${start}: a quoted cell is never closed` };
        if (c === '"' && source[i + 1] === '"') {
          cell += '"';
          i += 2;
        } else if (c === '"') {
          quoted = false;
          i += 1;
        } else {
          if (c === "\n") line += 1;
          cell += c;
          i += 1;
        }
        continue;
      }
      if (c === '"' && cell === "" && !wasQuoted) {
        quoted = true;
        wasQuoted = true;
        i += 1;
      } else if (c === delimiter) {
        cells.push(unneutralise(cell));
        cell = "";
        wasQuoted = false;
        i += 1;
      } else if (c === undefined || c === "\n" || (c === "\r" && source[i + 1] === "\n")) {
        cells.push(unneutralise(cell));
        i += c === undefined ? 0 : c === "\r" ? 2 : 1;
        if (c !== undefined) line += 1;
        break;
      } else {
        cell += c;
        i += 1;
      }
    }
    if (cells.length === 1 && cells[0].trim() === "") continue;
    if (records.length >= maxRecords)
      return { ok: false, error: `Line ${start}: at most ${maxRecords} rows can be read at once` };
    records.push({ line: start, cells });
  }
  return { ok: true, records };
}

/** `'=x` back to `=x`: the quote `csvCell` put before a formula-like cell. */
function unneutralise(cell: string) {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

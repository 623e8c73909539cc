import { z } from "zod";
import type { CsvRecord } from "./csv";
import { optionalText, text } from "./schemas";
import { CUE_DEPARTMENT_MAX } from "./show";

/**
 * The crew directory (issue 35, ADR 042): the people of the event, members or not. Pure rules: the fields of a
 * person (API, page and CSV alike), the CSV import read all or nothing, and what an import does to names already
 * listed (it fills their blanks, never overwrites).
 */

export const CREW_NAME_MAX = 120;
export const CREW_ROLE_MAX = 80;
/** As a cue's department, so a person's department can name a cue's. */
export const CREW_DEPARTMENT_MAX = CUE_DEPARTMENT_MAX;
export const CREW_COMPANY_MAX = 120;
export const CREW_PHONE_MAX = 40;
export const CREW_EMAIL_MAX = 254;
export const CREW_NOTES_MAX = 1000;
/** The most rows one CSV import reads (the directory itself holds at most MAX_CREW_LISTED people). */
export const MAX_CREW_IMPORT_ROWS = 500;
/** The largest CSV file an import reads: 500 rows of contacts stay well under it. */
export const CREW_CSV_MAX_BYTES = 256 * 1024;

/** The CSV columns, in the order an export would write them; an import matches headers in any case and order. */
export const CREW_CSV_COLUMNS = ["name", "role", "department", "company", "phone", "email", "notes"] as const;
type CrewCsvColumn = (typeof CREW_CSV_COLUMNS)[number];

/** What a phone number may hold: digits, spaces and the signs people write in numbers; 3 digits at least. */
const PHONE_CHARS = /^[0-9 +()./-]+$/;
const DIGIT = /[0-9]/g;
/** An address: something, one @, a domain; no spaces. Linear; the domain's dot is checked apart. */
const EMAIL_SHAPE = /^[^\s@]+@([^\s@]+)$/;

export const phoneProblem = (label: string, value: string) =>
  PHONE_CHARS.test(value) && (value.match(DIGIT)?.length ?? 0) >= 3
    ? null
    : `${label} is not a phone number (digits, spaces and + ( ) - . / only, like +44 20 7946 0000)`;

export function emailProblem(label: string, value: string) {
  const domain = EMAIL_SHAPE.exec(value)?.[1];
  const dot = domain ? domain.indexOf(".", 1) : -1;
  return domain && dot > 0 && !domain.endsWith(".") ? null : `${label} is not an address (like sam@example.com)`;
}

const nameField = text("Name")
  .trim()
  .min(1, "Name is required")
  .max(CREW_NAME_MAX, `Name must be at most ${CREW_NAME_MAX} characters`)
  .transform((v) => v.replace(/\s+/g, " "));

const phoneField = optionalText("Phone", CREW_PHONE_MAX).superRefine((v, ctx) => {
  const problem = v === null ? null : phoneProblem("Phone", v);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

const emailField = optionalText("Email", CREW_EMAIL_MAX).superRefine((v, ctx) => {
  const problem = v === null ? null : emailProblem("Email", v);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

const keyContactField = z.preprocess(
  // A form's checkbox sends "on"; the API sends a boolean.
  (v) => (v === "on" || v === "true" ? true : v === "false" ? false : v),
  z.boolean({ invalid_type_error: "keyContact must be true or false" }),
);

const personFields = {
  name: nameField,
  role: optionalText("Role", CREW_ROLE_MAX),
  department: optionalText("Department", CREW_DEPARTMENT_MAX),
  company: optionalText("Company", CREW_COMPANY_MAX),
  phone: phoneField,
  email: emailField,
  notes: optionalText("Notes", CREW_NOTES_MAX),
};

/** `POST /api/crew` and the page's 'Add person' form: a name, the rest optional (blank is none). */
export const crewPersonCreateSchema = z.object(personFields);
export type CrewPersonCreateInput = z.infer<typeof crewPersonCreateSchema>;

/**
 * `PATCH /api/crew/{id}`: any of the fields (null or blank clears one), and `keyContact` (owners only). At least
 * one field.
 */
export const crewPersonUpdateSchema = z
  .object({ ...personFields, keyContact: keyContactField })
  .partial()
  .strict("Unknown field: a person has name, role, department, company, phone, email, notes and keyContact")
  .refine((v) => Object.keys(v).length > 0, "Send at least one field to change");
export type CrewPersonUpdateInput = z.infer<typeof crewPersonUpdateSchema>;

/** The page's edit form: every field is sent, so it is the create schema plus the person's id. */
export const crewPersonEditFormSchema = crewPersonCreateSchema.extend({
  personId: text("Person").trim().min(1, "Choose a person").max(64),
});

/** `GET /api/crew?q=&department=`: a name search and a department filter, both optional. */
export const crewQuerySchema = z.object({
  q: optionalText("q", CREW_NAME_MAX),
  department: optionalText("department", CREW_DEPARTMENT_MAX),
});

/** The directory key of a name: case and runs of spaces do not make two people (as the unique index). */
export const crewNameKey = (name: string) => name.trim().replace(/\s+/g, " ").toLowerCase();

/** The directory as a page or the API filters it: a name part (any case) and a department (any case). */
export function filterCrew<T extends { name: string; department: string | null }>(
  people: readonly T[],
  filter: { q?: string | null; department?: string | null },
) {
  const q = filter.q ? crewNameKey(filter.q) : "";
  const department = filter.department?.trim().toLowerCase() || null;
  return people.filter(
    (p) => (!q || crewNameKey(p.name).includes(q)) && (!department || p.department?.toLowerCase() === department),
  );
}

/** The departments people are in, each once (the first spelling met), in alphabetical order. */
export function crewDepartments(people: readonly { department: string | null }[]) {
  const seen = new Map<string, string>();
  for (const p of people) {
    if (p.department && !seen.has(p.department.toLowerCase())) seen.set(p.department.toLowerCase(), p.department);
  }
  return [...seen.values()].sort((a, b) => a.localeCompare(b));
}

export interface CrewCsvRow {
  line: number;
  name: string;
  role: string | null;
  department: string | null;
  company: string | null;
  phone: string | null;
  email: string | null;
  notes: string | null;
}

const CSV_LIMITS: Record<Exclude<CrewCsvColumn, "name">, number> = {
  role: CREW_ROLE_MAX,
  department: CREW_DEPARTMENT_MAX,
  company: CREW_COMPANY_MAX,
  phone: CREW_PHONE_MAX,
  email: CREW_EMAIL_MAX,
  notes: CREW_NOTES_MAX,
};

/**
 * Reads imported rows (a header first naming columns of `CREW_CSV_COLUMNS` in any case and order, `name` required)
 * into people, or every problem found, each naming its line ("Line 4: email is not an address …"), so an import is
 * all or nothing. A name twice in the file is a problem of its second line.
 */
export function readCrewCsv(
  records: readonly CsvRecord[],
): { ok: true; rows: CrewCsvRow[] } | { ok: false; errors: string[] } {
  const [header, ...body] = records;
  if (!header) return { ok: false, errors: ["The file is empty: the first line names the columns"] };
  const names = header.cells.map((c) => c.trim().toLowerCase());
  const errors: string[] = [];
  const unknown = names.filter((n) => !(CREW_CSV_COLUMNS as readonly string[]).includes(n));
  if (unknown.length) {
    const known = CREW_CSV_COLUMNS.join(", ");
    errors.push(
      `Line ${header.line}: unknown column ${unknown.map((n) => `“${n}”`).join(", ")} (the columns are ${known})`,
    );
  }
  if (!names.includes("name")) errors.push(`Line ${header.line}: the “name” column is missing`);
  if (errors.length) return { ok: false, errors };
  if (body.length === 0) errors.push("The file has no people below its header");
  if (body.length > MAX_CREW_IMPORT_ROWS) {
    return { ok: false, errors: [`A file holds at most ${MAX_CREW_IMPORT_ROWS} people; split it into several`] };
  }

  const rows: CrewCsvRow[] = [];
  const firstLineOf = new Map<string, number>();
  for (const record of body) {
    const cell = (column: CrewCsvColumn) => {
      const index = names.indexOf(column);
      return index < 0 ? "" : (record.cells[index] ?? "").trim();
    };
    const problem = (message: string) => errors.push(`Line ${record.line}: ${message}`);
    const before = errors.length;
    const name = cell("name").replace(/\s+/g, " ");
    if (!name) problem("name is required");
    else if (name.length > CREW_NAME_MAX) problem(`name must be at most ${CREW_NAME_MAX} characters`);
    else {
      const first = firstLineOf.get(crewNameKey(name));
      if (first !== undefined) problem(`“${name}” is already on line ${first}`);
      else firstLineOf.set(crewNameKey(name), record.line);
    }
    const values = {} as Record<Exclude<CrewCsvColumn, "name">, string | null>;
    for (const column of Object.keys(CSV_LIMITS) as Array<keyof typeof CSV_LIMITS>) {
      const value = cell(column) || null;
      values[column] = value;
      if (value && value.length > CSV_LIMITS[column]) {
        problem(`${column} must be at most ${CSV_LIMITS[column]} characters`);
      }
    }
    const phone = values.phone && phoneProblem("phone", values.phone);
    if (phone) problem(phone);
    const email = values.email && emailProblem("email", values.email);
    if (email) problem(email);
    if (errors.length === before) rows.push({ line: record.line, name, ...values });
  }
  return errors.length ? { ok: false, errors } : { ok: true, rows };
}

type CrewFields = Omit<CrewCsvRow, "line" | "name">;

/** What an import does: people to add, blanks to fill on people already listed, and the names it left as they were. */
export interface CrewImportPlan {
  add: CrewCsvRow[];
  fill: Array<{ id: string; name: string; changes: Partial<CrewFields> }>;
  unchanged: string[];
}

/**
 * Plans an import against the directory: a new name is added; a name already listed (any case) keeps every field
 * it has and takes the file's values only where it has none, so an import never overwrites what someone typed.
 */
export function planCrewImport(
  rows: readonly CrewCsvRow[],
  existing: ReadonlyArray<{ id: string; name: string } & CrewFields>,
): CrewImportPlan {
  const byKey = new Map(existing.map((p) => [crewNameKey(p.name), p]));
  const plan: CrewImportPlan = { add: [], fill: [], unchanged: [] };
  for (const row of rows) {
    const person = byKey.get(crewNameKey(row.name));
    if (!person) {
      plan.add.push(row);
      continue;
    }
    const changes: Partial<CrewFields> = {};
    for (const column of Object.keys(CSV_LIMITS) as Array<keyof CrewFields>) {
      if (row[column] !== null && !person[column]) changes[column] = row[column];
    }
    if (Object.keys(changes).length) plan.fill.push({ id: person.id, name: person.name, changes });
    else plan.unchanged.push(person.name);
  }
  return plan;
}

/** "3 people added, 1 filled in, 2 already listed": an import's outcome in one line. */
export function describeCrewImport(counts: { added: number; filled: number; unchanged: number }) {
  const parts = [`${counts.added} ${counts.added === 1 ? "person" : "people"} added`];
  if (counts.filled) parts.push(`${counts.filled} already listed filled in`);
  if (counts.unchanged) parts.push(`${counts.unchanged} already listed left as they were`);
  return parts.join(", ");
}

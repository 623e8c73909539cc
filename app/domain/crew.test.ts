import { describe, expect, it } from "vitest";
import {
  CREW_NAME_MAX,
  crewDepartments,
  crewPersonCreateSchema,
  crewPersonUpdateSchema,
  describeCrewImport,
  filterCrew,
  MAX_CREW_IMPORT_ROWS,
  planCrewImport,
  readCrewCsv,
  type CrewCsvRow,
} from "./crew";
import { parseCsv } from "./csv";

const records = (csv: string) => {
  const parsed = parseCsv(csv, 10_000);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.records;
};

const firstError = (input: unknown) => {
  const parsed = crewPersonCreateSchema.safeParse(input);
  return parsed.success ? null : parsed.error.issues[0].message;
};

describe("crewPersonCreateSchema", () => {
  it("keeps a name and makes blank fields null", () => {
    expect(crewPersonCreateSchema.parse({ name: "  Sam   Okafor ", role: " ", phone: "", email: null })).toEqual({
      name: "Sam Okafor",
      role: null,
      department: null,
      company: null,
      phone: null,
      email: null,
      notes: null,
    });
  });

  it.each([
    [{}, "Name is required"],
    [{ name: "   " }, "Name is required"],
    [{ name: "x".repeat(CREW_NAME_MAX + 1) }, `Name must be at most ${CREW_NAME_MAX} characters`],
    [{ name: 42 }, "Name must be text"],
    [{ name: "Sam", email: "sam at example" }, "Email is not an address (like sam@example.com)"],
    [{ name: "Sam", email: "sam@example" }, "Email is not an address (like sam@example.com)"],
    [{ name: "Sam", email: "sam@example.com." }, "Email is not an address (like sam@example.com)"],
    [{ name: "Sam", phone: "call me" }, expect.stringMatching(/^Phone is not a phone number/)],
    [{ name: "Sam", phone: "12" }, expect.stringMatching(/^Phone is not a phone number/)],
    [{ name: "Sam", notes: "x".repeat(1001) }, "Notes must be at most 1000 characters"],
    [{ name: "Sam", phone: "+44 (0)20 7946-0000", email: "sam@example.co.uk" }, null],
  ])("%j → %j", (input, message) => {
    expect(firstError(input)).toEqual(message);
  });

  it("reads a long run of @ and dots in linear time", () => {
    const started = performance.now();
    expect(firstError({ name: "Sam", email: `${"a@".repeat(100)}`.slice(0, 250) })).not.toBeNull();
    expect(performance.now() - started).toBeLessThan(50);
  });
});

describe("crewPersonUpdateSchema", () => {
  it("takes any field, a key-contact flag from JSON or a checkbox, and refuses nothing to change", () => {
    expect(crewPersonUpdateSchema.parse({ phone: "" })).toEqual({ phone: null });
    expect(crewPersonUpdateSchema.parse({ keyContact: true })).toEqual({ keyContact: true });
    expect(crewPersonUpdateSchema.parse({ keyContact: "on" })).toEqual({ keyContact: true });
    expect(crewPersonUpdateSchema.safeParse({}).success).toBe(false);
    expect(crewPersonUpdateSchema.safeParse({ keyContact: "yes" }).success).toBe(false);
    expect(crewPersonUpdateSchema.safeParse({ shoeSize: 44 }).success).toBe(false);
  });
});

describe("filterCrew and crewDepartments", () => {
  const people = [
    { name: "Sam Okafor", department: "Audio" },
    { name: "Lena Berg", department: "lighting" },
    { name: "Ana Sam", department: null },
    { name: "Kim Ito", department: "audio" },
  ];

  it("finds a name part in any case, within a department in any case", () => {
    expect(filterCrew(people, { q: "SAM" }).map((p) => p.name)).toEqual(["Sam Okafor", "Ana Sam"]);
    expect(filterCrew(people, { department: "AUDIO" }).map((p) => p.name)).toEqual(["Sam Okafor", "Kim Ito"]);
    expect(filterCrew(people, { q: "sam", department: "audio" }).map((p) => p.name)).toEqual(["Sam Okafor"]);
    expect(filterCrew(people, {})).toHaveLength(4);
  });

  it("lists each department once, by the first spelling met", () => {
    expect(crewDepartments(people)).toEqual(["Audio", "lighting"]);
  });
});

describe("readCrewCsv", () => {
  it("reads columns in any case and order, blanks as null", () => {
    const read = readCrewCsv(records("Email,NAME,Role\r\nsam@example.com,Sam Okafor,A1\r\n,Lena Berg,\r\n"));
    expect(read).toEqual({
      ok: true,
      rows: [
        {
          line: 2,
          name: "Sam Okafor",
          role: "A1",
          department: null,
          company: null,
          phone: null,
          email: "sam@example.com",
          notes: null,
        },
        {
          line: 3,
          name: "Lena Berg",
          role: null,
          department: null,
          company: null,
          phone: null,
          email: null,
          notes: null,
        },
      ],
    });
  });

  it("names every bad line, so nothing is imported", () => {
    const read = readCrewCsv(
      records(
        [
          "name,phone,email",
          "Sam Okafor,+44 20 7946 0000,sam@example.com",
          ",,",
          "Lena Berg,,lena at example",
          "Kim Ito,ring twice,",
          "sam  okafor,,",
        ].join("\n"),
      ),
    );
    expect(read).toEqual({
      ok: false,
      errors: [
        "Line 3: name is required",
        "Line 4: email is not an address (like sam@example.com)",
        expect.stringMatching(/^Line 5: phone is not a phone number/),
        "Line 6: “sam okafor” is already on line 2",
      ],
    });
  });

  it.each([
    ["", "The file is empty: the first line names the columns"],
    ["role,email\n", "Line 1: the “name” column is missing"],
    [
      "name,shoe\n",
      "Line 1: unknown column “shoe” (the columns are name, role, department, company, phone, email, notes)",
    ],
    ["name\n", "The file has no people below its header"],
  ])("%j → %j", (csv, error) => {
    expect(readCrewCsv(records(csv))).toEqual({ ok: false, errors: [error] });
  });

  it(`reads at most ${MAX_CREW_IMPORT_ROWS} people`, () => {
    const csv = ["name", ...Array.from({ length: MAX_CREW_IMPORT_ROWS + 1 }, (_, i) => `Person ${i}`)].join("\n");
    expect(readCrewCsv(records(csv))).toEqual({
      ok: false,
      errors: [`A file holds at most ${MAX_CREW_IMPORT_ROWS} people; split it into several`],
    });
  });
});

describe("planCrewImport", () => {
  const row = (line: number, name: string, fields: Partial<CrewCsvRow> = {}): CrewCsvRow => ({
    line,
    name,
    role: null,
    department: null,
    company: null,
    phone: null,
    email: null,
    notes: null,
    ...fields,
  });
  const existing = [
    { ...row(0, "Sam Okafor", { phone: "+44 1", role: "A1" }), id: "p1" },
    { ...row(0, "Lena Berg", { email: "lena@example.com" }), id: "p2" },
  ];

  it("adds new names, fills only the blanks of listed ones, and leaves the rest", () => {
    const plan = planCrewImport(
      [
        row(2, "Kim Ito", { role: "Stage manager" }),
        row(3, "SAM OKAFOR", { phone: "+44 2", role: "A2", email: "sam@example.com" }),
        row(4, "lena berg", { email: "other@example.com" }),
      ],
      existing,
    );
    expect(plan).toEqual({
      add: [row(2, "Kim Ito", { role: "Stage manager" })],
      fill: [{ id: "p1", name: "Sam Okafor", changes: { email: "sam@example.com" } }],
      unchanged: ["Lena Berg"],
    });
  });

  it("says what it did in one line", () => {
    expect(describeCrewImport({ added: 1, filled: 0, unchanged: 0 })).toBe("1 person added");
    expect(describeCrewImport({ added: 3, filled: 1, unchanged: 2 })).toBe(
      "3 people added, 1 already listed filled in, 2 already listed left as they were",
    );
  });
});

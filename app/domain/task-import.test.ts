import { describe, expect, it } from "vitest";
import {
  defaultChosenRows,
  fieldForLabel,
  guessDateOrder,
  guessHeaderRow,
  guessMapping,
  mappingProblem,
  parseDate,
  parseEstimate,
  parseTime,
  planImport,
  previewRows,
  readDelimitedSheet,
  MAX_IMPORT_ROWS,
  type ImportContext,
  type SheetRow,
} from "./task-import";

const rows = (...lines: string[][]): SheetRow[] => lines.map((cells, i) => ({ row: i + 1, cells }));

const context: ImportContext = {
  members: [
    { id: "u1", name: "Maria Lopez" },
    { id: "u2", name: "Sam Patel" },
    { id: "u3", name: "Sam Lee" },
  ],
  statuses: ["pending", "in_progress", "overdue", "completed", "Blocked"],
  openTasks: [{ id: "t1", title: "Book the venue" }],
  today: "2026-11-28",
  authorId: "u1",
};

describe("fieldForLabel", () => {
  it.each([
    ["Task", "title"],
    ["TITLE", "title"],
    ["Task name", "title"],
    ["Due", "dueDate"],
    ["Deadline", "dueDate"],
    ["due date (local)", "dueDate"],
    ["Time", "dueTime"],
    ["Owner", "owner"],
    ["Assigned to", "owner"],
    ["who", "owner"],
    ["Assigne", "owner"],
    ["Priorty", "priority"],
    ["Dept.", "category"],
    ["Est", "estimate"],
    ["Estimate (hours)", "estimate"],
    ["Depends on", "dependsOn"],
    ["Blocked by", "dependsOn"],
    ["Notes", "description"],
  ])("%s is %s", (label, field) => {
    expect(fieldForLabel(label)).toBe(field);
  });

  it.each(["", "Budget", "Column 7", "x".repeat(80)])("%s is no field", (label) => {
    expect(fieldForLabel(label)).toBeNull();
  });
});

describe("guessHeaderRow", () => {
  it("skips a title line above the header", () => {
    const sheet = rows(["Festival plan 2026"], ["Task", "Who", "Due"], ["Book trucks", "Sam Lee", "4/12/2026"]);
    // "Festival plan 2026" is one cell, no label: the header is row 2.
    expect(guessHeaderRow(sheet)).toBe(2);
  });

  it("finds none when every row is data", () => {
    expect(guessHeaderRow(rows(["Book trucks", "4/12/2026"], ["Print badges", "5/12/2026"]))).toBeNull();
  });
});

describe("guessMapping", () => {
  it("maps each labelled column once, the first column naming a field winning", () => {
    const header = ["Task", "Owner", "Due", "Notes", "Deadline", "Budget"];
    expect(guessMapping(header, [])).toEqual(["title", "owner", "dueDate", "description", null, null]);
  });

  it("takes the first text column as the title when there is no header", () => {
    expect(guessMapping(null, rows(["4/12/2026", "Book trucks", "2h"]))).toEqual([null, "title", null]);
  });

  it("names a missing title column and a field chosen twice", () => {
    expect(mappingProblem([null, "owner"])).toBe("Choose the column that holds each task's title");
    expect(mappingProblem(["title", "owner", "owner"])).toContain("“Owner” is chosen for two columns");
    expect(mappingProblem(["title", null, "owner"])).toBeNull();
  });
});

describe("dates", () => {
  it.each([
    ["2026-12-04", "dmy", "2026-12-04", null],
    ["4/12/2026", "dmy", "2026-12-04", null],
    ["4/12/2026", "mdy", "2026-04-12", null],
    ["12/4/26", "mdy", "2026-12-04", null],
    ["4.12.2026", "dmy", "2026-12-04", null],
    ["4 Dec 2026", "mdy", "2026-12-04", null],
    ["December 4, 2026", "dmy", "2026-12-04", null],
    ["Dec 4", "dmy", "2026-12-04", null],
    ["Nov 1", "dmy", "2027-11-01", null],
    ["4th December", "dmy", "2026-12-04", null],
    ["2026-12-04 14:00", "dmy", "2026-12-04", "14:00"],
    ["4/12/2026 2:30 pm", "dmy", "2026-12-04", "14:30"],
    ["46360", "dmy", "2026-12-04", null],
    ["46360.75", "dmy", "2026-12-04", "18:00"],
  ] as const)("%s (%s) is %s %s", (value, order, date, time) => {
    expect(parseDate(value, order, context.today)).toEqual({ date, time });
  });

  it.each(["next Fri", "31/02/2026", "13/13/2026", "Smarch 4", "tomorrow", "2026", ""])("%s is no date", (value) => {
    expect(parseDate(value, "dmy", context.today)).toBeNull();
  });

  it.each([
    ["14:00", "14:00"],
    ["2pm", "14:00"],
    ["12 am", "00:00"],
    ["9.30", "09:30"],
    ["0.5", "12:00"],
    ["25:00", null],
    ["14", null],
  ])("time %s is %s", (value, time) => {
    expect(parseTime(value)).toBe(time);
  });

  it("takes the order from a date that reads one way only, and counts the ambiguous ones", () => {
    expect(guessDateOrder(["4/12/2026", "13/4/2026", "2026-12-01"])).toEqual({
      order: "dmy",
      ambiguous: 1,
      decided: true,
    });
    expect(guessDateOrder(["4/12/2026", "4/13/2026"])).toEqual({ order: "mdy", ambiguous: 1, decided: true });
  });

  it("falls back to day/month, undecided, when every numeric date reads both ways", () => {
    expect(guessDateOrder(["4/12/2026", "5/11/2026"])).toEqual({ order: "dmy", ambiguous: 2, decided: false });
    expect(guessDateOrder(["4/12/2026"], "mdy").order).toBe("mdy");
    // 5/5 reads the same in both orders: nothing to choose.
    expect(guessDateOrder(["5/5/2026", "Dec 4"]).ambiguous).toBe(0);
  });
});

describe("parseEstimate", () => {
  it.each([
    ["2h", 2],
    ["90m", 1.5],
    ["1.5", 1.5],
    ["1,5", 1.5],
    ["1h 30m", 1.5],
    ["1:30", 1.5],
    ["3 hours", 3],
    ["45 min", 0.75],
    ["soon", null],
    ["1:75", null],
  ])("%s is %s", (value, hours) => {
    expect(parseEstimate(value)).toBe(hours);
  });
});

describe("readDelimitedSheet", () => {
  it("reads pasted cells (tabs, a quoted line break) with the rows the spreadsheet shows", () => {
    const read = readDelimitedSheet('Task\tWho\n\nBook trucks\tSam Lee\n"Print\nbadges"\tMaria\n', "tsv");
    expect(read).toEqual({
      ok: true,
      rows: [
        { row: 1, cells: ["Task", "Who"] },
        { row: 3, cells: ["Book trucks", "Sam Lee"] },
        { row: 4, cells: ["Print\nbadges", "Maria"] },
      ],
    });
  });

  it("refuses more rows than the bound", () => {
    const read = readDelimitedSheet("a\n".repeat(MAX_IMPORT_ROWS + 1), "csv");
    expect(read).toEqual({ ok: false, error: "Line 5001: at most 5000 rows can be read at once" });
  });
});

describe("previewRows", () => {
  const header = ["Task", "Owner", "Due", "Priority", "Status", "Estimate", "Depends on"];
  const sheet = rows(
    header,
    ["Book trucks", "Sam Patel", "4/12/2026", "high", "In progress", "2h", ""],
    ["Load in", "Joe (rigging)", "Dec 5", "", "", "", "Book trucks; Book the venue"],
    ["Print badges", "Sam", "next Fri", "whenever", "Waiting", "soon", "Hang banners"],
    ["book the venue!", "", "", "", "", "", ""],
    ["", "me", "", "", "", "", ""],
  );
  const preview = previewRows(sheet, { headerRow: 1, mapping: guessMapping(header, sheet), dateOrder: "dmy" }, context);

  it("reads a good row into its task, owners resolved to members", () => {
    expect(preview[0]).toMatchObject({
      row: 2,
      problems: [],
      duplicateOf: null,
      task: {
        title: "Book trucks",
        owner: { kind: "member", id: "u2", name: "Sam Patel" },
        dueDate: "2026-12-04",
        priority: "high",
        status: "in_progress",
        estimatedHours: 2,
        dependsOn: [],
      },
    });
  });

  it("keeps an outside person by name and depends on rows of the sheet and open tasks by title", () => {
    expect(preview[1].task).toMatchObject({
      owner: { kind: "outside", name: "Joe (rigging)" },
      dueDate: "2026-12-05",
      priority: "medium",
      dependsOn: [
        { row: 2, title: "Book trucks" },
        { id: "t1", title: "Book the venue" },
      ],
    });
  });

  it("names every problem of a row with its number", () => {
    expect(preview[2].task).toBeNull();
    expect(preview[2].problems).toEqual([
      "Row 4: 'next Fri' is not a date",
      "Row 4: Which Sam? Sam Patel or Sam Lee",
      "Row 4: 'whenever' is not a priority (low, medium, high, critical)",
      "Row 4: 'Waiting' is not a status of this workspace; add it under Manage Statuses",
      "Row 4: 'soon' is not an estimate (say 2h, 90m or 1.5)",
      "Row 4: 'Hang banners' is no task in this sheet or open in this workspace",
    ]);
    expect(preview[4].problems).toEqual(["Row 6: the title is empty"]);
  });

  it("marks a duplicate of an open task and leaves it and rows with problems out of the default choice", () => {
    expect(preview[3].duplicateOf).toEqual({ id: "t1", title: "Book the venue" });
    expect(defaultChosenRows(preview)).toEqual([2, 3]);
  });

  it("plans the chosen rows each after what it depends on", () => {
    const reordered = previewRows(
      rows(["Task", "Depends on"], ["Load in", "Book trucks"], ["Book trucks", ""]),
      { headerRow: 1, mapping: ["title", "dependsOn"], dateOrder: "dmy" },
      context,
    );
    const plan = planImport(reordered, [2, 3]);
    expect(plan.ok && plan.planned.map((p) => [p.row, p.dependsOnEarlier])).toEqual([
      [3, []],
      [2, [0]],
    ]);
  });

  it("refuses a chosen row with problems, a dependency left out, and a circle", () => {
    expect(planImport(preview, [4])).toEqual({ ok: false, problems: preview[2].problems });
    expect(planImport(preview, [3])).toEqual({
      ok: false,
      problems: ["Row 3: it depends on row 2 ('Book trucks'); choose that row too"],
    });
    const circle = previewRows(
      rows(["A", "B"], ["B", "A"]),
      { headerRow: null, mapping: ["title", "dependsOn"], dateOrder: "dmy" },
      context,
    );
    expect(planImport(circle, [1, 2])).toEqual({
      ok: false,
      problems: ["Row 1: the rows it depends on depend on it in turn"],
    });
  });
});

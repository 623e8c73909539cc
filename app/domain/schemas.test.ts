import { describe, expect, it } from "vitest";
import type { ZodTypeAny } from "zod";
import {
  demoSignupSchema,
  listNameSchema,
  parsedTasksConfirmSchema,
  taskCreateSchema,
  taskParseSchema,
  taskUpdateSchema,
} from "./schemas";

/** The field errors a schema reports for an input, keyed by field; throws if the input was accepted. */
function errorsOf(schema: ZodTypeAny, input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`expected ${JSON.stringify(input)} to be rejected`);
  return result.error.flatten().fieldErrors as Record<string, string[]>;
}

describe("taskCreateSchema", () => {
  it("fills the spec's defaults and stores absent optional fields as null", () => {
    expect(taskCreateSchema.parse({ title: "Book the shuttle buses" })).toEqual({
      title: "Book the shuttle buses",
      description: null,
      priority: "medium",
      category: null,
      dueDate: null,
      assigneeName: null,
      assigneeId: null,
      assigneeContact: null,
      estimatedHours: null,
      isAiGenerated: false,
      originalPrompt: null,
      allowDuplicate: false,
      recurrence: null,
    });
  });

  it("reads the form's 'Someone outside the team' and a blank assignee as no member", () => {
    expect(taskCreateSchema.parse({ title: "Hire the generator", assigneeId: "outside" }).assigneeId).toBeNull();
    expect(taskCreateSchema.parse({ title: "Hire the generator", assigneeId: " " }).assigneeId).toBeNull();
    expect(taskCreateSchema.parse({ title: "Hire the generator", assigneeId: "u1" }).assigneeId).toBe("u1");
    expect(taskCreateSchema.safeParse({ title: "Hire the generator", assigneeContact: "x".repeat(201) }).success).toBe(false);
  });

  it("turns blank optional text into null and trims the rest", () => {
    const parsed = taskCreateSchema.parse({
      title: "  Book the shuttle buses  ",
      description: "   ",
      category: "",
      assigneeName: null,
      dueDate: " ",
      originalPrompt: "\n",
    });
    expect(parsed).toMatchObject({
      title: "Book the shuttle buses",
      description: null,
      category: null,
      assigneeName: null,
      dueDate: null,
      originalPrompt: null,
    });
    expect(taskCreateSchema.parse({ title: "Brief crew", assigneeName: "  Dana  " }).assigneeName).toBe("Dana");
  });

  it("answers a missing, null, blank or punctuation-only title with 'Title is required'", () => {
    for (const title of [undefined, null, "", "   ", "!!!", "🎤"]) {
      expect(errorsOf(taskCreateSchema, { title }).title, String(title)).toEqual(["Title is required"]);
    }
  });

  it("rejects a title of the wrong type", () => {
    expect(errorsOf(taskCreateSchema, { title: 42 }).title).toEqual(["Title must be text"]);
  });

  it("allows 200 characters of title and no more", () => {
    expect(taskCreateSchema.parse({ title: "a".repeat(200) }).title).toHaveLength(200);
    expect(taskCreateSchema.parse({ title: ` ${"a".repeat(200)} ` }).title).toHaveLength(200);
    expect(errorsOf(taskCreateSchema, { title: "a".repeat(201) }).title).toEqual(["Title must be at most 200 characters"]);
  });

  it("accepts the four priorities only, exactly as spelled", () => {
    for (const priority of ["low", "medium", "high", "critical"]) {
      expect(taskCreateSchema.parse({ title: "Brief crew", priority }).priority).toBe(priority);
    }
    for (const priority of ["urgent", "High", "", 1, null]) {
      expect(errorsOf(taskCreateSchema, { title: "Brief crew", priority }).priority).toEqual([
        "Priority must be one of low, medium, high, critical",
      ]);
    }
  });

  it("accepts real due dates, with or without a time or offset, and rejects others", () => {
    for (const dueDate of ["2026-05-20", "2028-02-29", "2026-05-20T14:30", "2026-05-20T10:00+05:30", "2026-05-20T10:00:00Z"]) {
      expect(taskCreateSchema.parse({ title: "Brief crew", dueDate }).dueDate, dueDate).toBe(dueDate);
    }
    for (const dueDate of ["2026-02-29", "2026-05-20T24:00", "next friday"]) {
      expect(errorsOf(taskCreateSchema, { title: "Brief crew", dueDate }).dueDate, dueDate).toEqual([
        "Due date must be a real date (YYYY-MM-DD, optionally with a time)",
      ]);
    }
    expect(errorsOf(taskCreateSchema, { title: "Brief crew", dueDate: 20260520 }).dueDate).toEqual(["Due date must be text"]);
  });

  it("takes estimated hours as a non-negative number, not a numeric string", () => {
    expect(taskCreateSchema.parse({ title: "Brief crew", estimatedHours: 0 }).estimatedHours).toBe(0);
    expect(taskCreateSchema.parse({ title: "Brief crew", estimatedHours: 2.5 }).estimatedHours).toBe(2.5);
    expect(errorsOf(taskCreateSchema, { title: "Brief crew", estimatedHours: "3" }).estimatedHours).toEqual([
      "Estimated hours must be a number",
    ]);
    expect(errorsOf(taskCreateSchema, { title: "Brief crew", estimatedHours: -1 }).estimatedHours).toEqual([
      "Estimated hours cannot be negative",
    ]);
  });

  it("rejects wrong types for the other fields", () => {
    const errors = errorsOf(taskCreateSchema, {
      title: "Brief crew",
      description: 5,
      category: ["content"],
      isAiGenerated: "true",
      allowDuplicate: 1,
    });
    expect(errors).toEqual({
      description: ["Description must be text"],
      category: ["Category must be text"],
      isAiGenerated: ["isAiGenerated must be true or false"],
      allowDuplicate: ["allowDuplicate must be true or false"],
    });
  });

  it("limits the description to 5000 characters", () => {
    expect(errorsOf(taskCreateSchema, { title: "Brief crew", description: "x".repeat(5001) }).description).toEqual([
      "Description must be at most 5000 characters",
    ]);
  });
});

describe("taskUpdateSchema", () => {
  it("applies no defaults, so a partial update leaves other fields alone", () => {
    expect(taskUpdateSchema.parse({})).toEqual({});
    expect(taskUpdateSchema.parse({ status: "completed" })).toEqual({ status: "completed" });
  });

  it("clears optional fields with null or blanks", () => {
    expect(taskUpdateSchema.parse({ dueDate: null, description: "  ", category: "" })).toEqual({
      dueDate: null,
      description: null,
      category: null,
    });
  });

  it("still requires a title when one is sent", () => {
    for (const title of [null, "", "  ", "?!"]) {
      expect(errorsOf(taskUpdateSchema, { title }).title, String(title)).toEqual(["Title is required"]);
    }
    expect(errorsOf(taskUpdateSchema, { title: "a".repeat(201) }).title).toEqual(["Title must be at most 200 characters"]);
  });

  it("rejects a blank status and wrong types", () => {
    expect(errorsOf(taskUpdateSchema, { status: " " }).status).toEqual(["Status is required"]);
    expect(errorsOf(taskUpdateSchema, { priority: "urgent", isAiGenerated: "no" })).toEqual({
      priority: ["Priority must be one of low, medium, high, critical"],
      isAiGenerated: ["isAiGenerated must be true or false"],
    });
  });
});

describe("demoSignupSchema", () => {
  it("trims the fields and defaults marketingOptIn to false", () => {
    expect(demoSignupSchema.parse({ name: "  Dana Reyes ", email: " dana@example.com " })).toEqual({
      name: "Dana Reyes",
      email: "dana@example.com",
      marketingOptIn: false,
    });
    expect(demoSignupSchema.parse({ name: "Dana", email: "dana@example.com", marketingOptIn: true }).marketingOptIn).toBe(true);
  });

  it("uses the spec's name message for short, blank and missing names", () => {
    for (const name of ["D", " D ", "", undefined, null]) {
      expect(errorsOf(demoSignupSchema, { name, email: "dana@example.com" }).name, String(name)).toEqual([
        "Name must be at least 2 characters",
      ]);
    }
  });

  it("uses the spec's email message for invalid, blank and missing addresses", () => {
    for (const email of ["dana", "dana@", "@example.com", "dana example@example.com", "", undefined, null]) {
      expect(errorsOf(demoSignupSchema, { name: "Dana", email }).email, String(email)).toEqual([
        "Please enter a valid email address",
      ]);
    }
    expect(errorsOf(demoSignupSchema, { name: "Dana", email: `${"a".repeat(250)}@example.com` }).email).toContain(
      "Please enter a valid email address",
    );
  });

  it("reports both spec messages at once", () => {
    expect(errorsOf(demoSignupSchema, { name: "D", email: "nope" })).toEqual({
      name: ["Name must be at least 2 characters"],
      email: ["Please enter a valid email address"],
    });
  });

  it("rejects wrong types", () => {
    expect(errorsOf(demoSignupSchema, { name: 12, email: "dana@example.com" }).name).toEqual(["Name must be text"]);
    expect(errorsOf(demoSignupSchema, { name: "Dana", email: "dana@example.com", marketingOptIn: "yes" }).marketingOptIn).toEqual([
      "marketingOptIn must be true or false",
    ]);
  });
});

describe("listNameSchema", () => {
  it("trims names", () => {
    expect(listNameSchema.parse({ name: "  Catering  " })).toEqual({ name: "Catering" });
  });

  it("rejects blank, missing, long and non-text names", () => {
    expect(errorsOf(listNameSchema, { name: "   " }).name).toEqual(["Name is required"]);
    expect(errorsOf(listNameSchema, {}).name).toEqual(["Name is required"]);
    expect(errorsOf(listNameSchema, { name: "x".repeat(41) }).name).toEqual(["Name must be at most 40 characters"]);
    expect(errorsOf(listNameSchema, { name: 7 }).name).toEqual(["Name must be text"]);
  });
});

describe("taskParseSchema", () => {
  it("reads the text, an ISO instant and an IANA zone", () => {
    expect(taskParseSchema.parse({ text: " Book buses ", now: "2026-03-09T14:00:00Z", timezone: "America/New_York" })).toEqual({
      text: "Book buses",
      now: new Date("2026-03-09T14:00:00Z"),
      timezone: "America/New_York",
    });
    expect(taskParseSchema.parse({ text: "x", now: "2026-03-09T10:00:00-04:00" }).now).toEqual(new Date("2026-03-09T14:00:00Z"));
  });

  it("rejects blank or over-long text, other instants and unknown zones", () => {
    expect(errorsOf(taskParseSchema, { text: "  " }).text).toEqual(["Type or paste at least one task"]);
    expect(errorsOf(taskParseSchema, {}).text).toEqual(["Type or paste at least one task"]);
    expect(errorsOf(taskParseSchema, { text: "x".repeat(4001) }).text).toEqual(["Keep the text under 4,000 characters"]);
    expect(errorsOf(taskParseSchema, { text: "x", now: "tomorrow" }).now).toHaveLength(1);
    expect(errorsOf(taskParseSchema, { text: "x", now: 1760000000 }).now).toEqual(["now must be an ISO date-time"]);
    expect(errorsOf(taskParseSchema, { text: "x", timezone: "Mars/Olympus" }).timezone).toHaveLength(1);
  });
});

describe("parsedTasksConfirmSchema", () => {
  const row = { title: "Print lanyards", priority: "high", remove: false, allowDuplicate: false };

  it("joins the date and time, drops removed rows and keeps the override", () => {
    const value = parsedTasksConfirmSchema.parse({
      prompt: "print lanyards friday 9am",
      tasks: [
        { ...row, dueDay: "2026-03-13", dueTime: "09:00", estimatedHours: 1 },
        { ...row, title: "Gone", remove: true },
        { ...row, title: "Order radios", dueDay: "2026-03-14", allowDuplicate: true, recurrence: "freq=weekly;byday=fr" },
      ],
    });
    expect(value.tasks).toEqual([
      { title: "Print lanyards", description: null, assigneeName: null, priority: "high", category: null, estimatedHours: 1, recurrence: null, allowDuplicate: false, dueDate: "2026-03-13T09:00" },
      { title: "Order radios", description: null, assigneeName: null, priority: "high", category: null, estimatedHours: null, recurrence: "FREQ=WEEKLY;BYDAY=FR", allowDuplicate: true, dueDate: "2026-03-14" },
    ]);
  });

  it("refuses impossible dates, nothing left to create, and too many rows", () => {
    const impossible = parsedTasksConfirmSchema.safeParse({ prompt: "x", tasks: [{ ...row, dueDay: "2026-02-30" }] });
    expect(impossible.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["tasks.0.dueDay", "Due date must be a real date"],
    ]);
    expect(errorsOf(parsedTasksConfirmSchema, { prompt: "x", tasks: [{ ...row, remove: true }] }).tasks).toEqual([
      "Nothing to create: every task was removed",
    ]);
    expect(errorsOf(parsedTasksConfirmSchema, { prompt: "x", tasks: Array.from({ length: 51 }, () => row) }).tasks).toEqual([
      "Create at most 50 tasks at once",
    ]);
  });
});

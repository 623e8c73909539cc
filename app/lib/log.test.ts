import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it } from "vitest";
import { errorSummary } from "./log";

describe("errorSummary", () => {
  it("names drizzle's query error and the D1 codes of its cause, never the SQL or its parameters", () => {
    const d1 = new Error(
      "D1_ERROR: UNIQUE constraint failed: tasks.workspace_id, tasks.title: SQLITE_CONSTRAINT (extended: SQLITE_CONSTRAINT_UNIQUE)",
      { cause: new Error("UNIQUE constraint failed: tasks.workspace_id, tasks.title: SQLITE_CONSTRAINT") },
    );
    const error = new DrizzleQueryError(
      'insert into "tasks" ("title", "assignee") values (?, ?)',
      ["Pay SQLITE_BUSY the caterer", "maria@example.com"],
      d1,
    );
    const summary = errorSummary(error);
    expect(summary).toBe("DrizzleQueryError <- Error D1_ERROR SQLITE_CONSTRAINT SQLITE_CONSTRAINT_UNIQUE");
    for (const secret of ["caterer", "maria", "tasks", "insert"]) expect(summary).not.toContain(secret);
  });

  it("keeps an error's own code and class", () => {
    const slack = Object.assign(new Error("channel_not_found for #secret-plans"), { name: "SlackApiError", code: "channel_not_found" });
    expect(errorSummary(slack)).toBe("SlackApiError channel_not_found");
    expect(errorSummary(new TypeError("Cannot read properties of undefined (reading 'maria')"))).toBe("TypeError");
  });

  it("ignores codes and names that are not short identifiers, and anything not an Error", () => {
    const odd = Object.assign(new Error("x"), { name: "Name with spaces: maria@example.com", code: "a code: secret" });
    expect(errorSummary(odd)).toBe("Error");
    expect(errorSummary(new Error("D1_ERROR: no such table: maria@example.com"))).toBe("Error D1_ERROR");
    expect(errorSummary("maria@example.com")).toBe("unknown");
    expect(errorSummary(null)).toBe("unknown");
  });
});

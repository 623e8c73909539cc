import { describe, expect, it } from "vitest";
import { parseTaskText } from "./parse.server";

const opts = { now: new Date("2026-06-10T09:00:00Z"), timezone: "UTC", categories: [] };

describe("parseTaskText (simple reading until the NL parser lands)", () => {
  it("reads the owner and a trailing date; the rest is the title", async () => {
    expect(await parseTaskText("  Book caterer for VIP dinner Friday @sam  2026-12-04 ", opts)).toEqual({
      source: "rules",
      tasks: [
        {
          title: "Book caterer for VIP dinner Friday",
          description: null,
          dueDate: "2026-12-04",
          assigneeName: "sam",
          priority: null,
          category: null,
          estimatedHours: null,
        },
      ],
    });
  });

  it("keeps a date that is not at the end, and an email address, in the title", async () => {
    const { tasks } = await parseTaskText("Move 2026-12-04 load-in, tell ops@example.com", opts);
    expect(tasks[0]).toMatchObject({ title: "Move 2026-12-04 load-in, tell ops@example.com", dueDate: null, assigneeName: null });
  });

  it("takes the first @name as the owner and drops the others from the title", async () => {
    const { tasks } = await parseTaskText("@dana @li Rig the truss", opts);
    expect(tasks[0]).toMatchObject({ title: "Rig the truss", assigneeName: "dana" });
  });

  it("yields no task for text without a title", async () => {
    expect((await parseTaskText(" @sam 2026-12-04 ", opts)).tasks).toEqual([]);
  });
});

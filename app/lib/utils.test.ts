import { describe, expect, it } from "vitest";
import { cn } from "./utils";

describe("cn", () => {
  it("joins the truthy class names", () => {
    expect(cn("task-card", false && "done", null, undefined, { selected: true, hidden: false })).toBe(
      "task-card selected",
    );
  });

  it("lets a later Tailwind class override an earlier one of the same kind, per variant", () => {
    expect(cn("px-2 py-1 text-sm", "p-4")).toBe("text-sm p-4");
    expect(cn("bg-white text-slate-900", "bg-brand-600/60")).toBe("text-slate-900 bg-brand-600/60");
    expect(cn("h-10 md:h-12", "h-9")).toBe("md:h-12 h-9");
  });

  it("keeps classes of its own (component classes) as they are", () => {
    expect(cn("btn btn-ghost h-10", "task-card h-9")).toBe("btn btn-ghost task-card h-9");
  });
});

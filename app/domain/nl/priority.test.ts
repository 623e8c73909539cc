import { describe, expect, it } from "vitest";
import { parseOne } from "./test-helpers";

describe("priority", () => {
  it.each([
    // p-codes
    ["P0 fix the barrier at gate B", "critical", "Fix the barrier at gate B"],
    ["p1 fix the barrier at gate B", "critical", "Fix the barrier at gate B"],
    ["Fix the barrier at gate B [P2]", "high", "Fix the barrier at gate B"],
    ["Fix the barrier at gate B (p3)", "medium", "Fix the barrier at gate B"],
    ["Fix the barrier at gate B #p4", "low", "Fix the barrier at gate B"],
    ["Fix the barrier at gate B, priority 2", "high", "Fix the barrier at gate B"],
    // explicit levels
    ["Fix the barrier at gate B - high priority", "high", "Fix the barrier at gate B"],
    ["High-priority: fix the barrier at gate B", "high", "Fix the barrier at gate B"],
    ["Fix the barrier at gate B, priority: low", "low", "Fix the barrier at gate B"],
    ["Fix the barrier at gate B (prio: critical)", "critical", "Fix the barrier at gate B"],
    ["Fix the barrier at gate B [HIGH]", "high", "Fix the barrier at gate B"],
    ["Fix the barrier at gate B - medium priority", "medium", "Fix the barrier at gate B"],
    ["Fix the barrier at gate B, low pri", "low", "Fix the barrier at gate B"],
    ["Top priority: fix the barrier at gate B", "critical", "Fix the barrier at gate B"],
    // words
    ["URGENT: fix the barrier at gate B", "critical", "Fix the barrier at gate B"],
    ["Fix the barrier at gate B, this is urgent", "critical", "Fix the barrier at gate B"],
    ["Critical - fix the barrier at gate B", "critical", "Fix the barrier at gate B"],
    ["Blocker: fix the barrier at gate B", "critical", "Fix the barrier at gate B"],
    ["Fix the barrier at gate B ASAP", "high", "Fix the barrier at gate B"],
    ["Fix the barrier at gate B as soon as possible", "high", "Fix the barrier at gate B"],
    ["Important: fix the barrier at gate B", "high", "Fix the barrier at gate B"],
    ["Fix the barrier at gate B, very important", "high", "Fix the barrier at gate B"],
    ["Time-sensitive: fix the barrier at gate B", "high", "Fix the barrier at gate B"],
    ["Fix the barrier at gate B - nice to have", "low", "Fix the barrier at gate B"],
    ["Fix the barrier at gate B whenever", "low", "Fix the barrier at gate B"],
    ["Fix the barrier at gate B, no rush", "low", "Fix the barrier at gate B"],
    ["Fix the barrier at gate B (not urgent)", "low", "Fix the barrier at gate B"],
    ["Fix the barrier at gate B if time permits", "low", "Fix the barrier at gate B"],
    ["Fix the barrier at gate B when you get a chance", "low", "Fix the barrier at gate B"],
    ["Optional: fix the barrier at gate B", "low", "Fix the barrier at gate B"],
    ["IMPORTANT confirm the barrier at gate B", "high", "Confirm the barrier at gate B"],
    ["Fix the barrier at gate B - low", "low", "Fix the barrier at gate B"],
    ["Fix the barrier at gate B | high", "high", "Fix the barrier at gate B"],
    // a bare level after the owner or an estimate, as in producers' notes
    ["Fix the barrier at gate B @kim high", "high", "Fix the barrier at gate B"],
    ["Fix the barrier at gate B @kim low.", "low", "Fix the barrier at gate B"],
    ["Fix the barrier at gate B (1.5h) critical", "critical", "Fix the barrier at gate B"],
    // …but after a plain word it is part of the title
    ["Keep the volume at gate B low", "medium", "Keep the volume at gate B low"],
    ["Hang the banner at gate B high", "medium", "Hang the banner at gate B high"],
    ["Fix the barrier @kim high up at gate B", "medium", "Fix the barrier high up at gate B"],
    // marks
    ["Fix the barrier at gate B!!", "high", "Fix the barrier at gate B"],
    ["Fix the barrier at gate B!!!", "critical", "Fix the barrier at gate B"],
    ["🚨 Fix the barrier at gate B", "critical", "Fix the barrier at gate B"],
    ["Fix the barrier at gate B!", "medium", "Fix the barrier at gate B"],
    // default
    ["Fix the barrier at gate B", "medium", "Fix the barrier at gate B"],
  ])("%s → %s", (text, priority, title) => {
    expect(parseOne(text)).toMatchObject({ priority, title });
  });

  it("lets an explicit code or level beat loose words", () => {
    expect(parseOne("Urgent-ish, but p3: tidy the cable runs").priority).toBe("medium");
    expect(parseOne("Low priority - ASAP if you can").priority).toBe("low");
  });

  it("takes the most severe of several loose words", () => {
    expect(parseOne("ASAP: urgent fix for the stage lights").priority).toBe("critical");
  });

  it("does not read ordinary uses of the words as priorities", () => {
    expect(parseOne("Email important sponsors the deck")).toMatchObject({
      priority: "medium",
      title: "Email important sponsors the deck",
    });
    expect(parseOne("Map the critical path to doors").priority).toBe("medium");
    expect(parseOne("Test the emergency lighting")).toMatchObject({ priority: "medium", title: "Test the emergency lighting" });
    expect(parseOne("Rehearse stage blocking with the cast").priority).toBe("medium");
    expect(parseOne("Keep the volume low")).toMatchObject({ priority: "medium", title: "Keep the volume low" });
    expect(parseOne('Print "URGENT" stickers for the crates')).toMatchObject({
      priority: "medium",
      title: 'Print "URGENT" stickers for the crates',
    });
  });
});

import { describe, expect, it } from "vitest";
import { TITLE_MAX } from "../tasks";
import { parseOne } from "./test-helpers";
import { tidyTitle } from "./title";

describe("tidyTitle", () => {
  it.each([
    ["Confirm generator hire with PowerCo ,  ,   ", "Confirm generator hire with PowerCo"],
    ["Book buses (  )", "Book buses"],
    ["- Book buses -", "Book buses"],
    ["Book hotel and", "Book hotel"],
    ["and book hotel", "book hotel"],
    ["Send invite , , to speakers", "Send invite, to speakers"],
    ["Book buses - - for day 1", "Book buses - for day 1"],
    ["Book buses , - for day 1", "Book buses - for day 1"],
    ["Send the deck.", "Send the deck"],
    ["Pay Acme Co.", "Pay Acme Co."],
    ["Wait for the sign-off...", "Wait for the sign-off..."],
    ["Can we get more chairs?", "Can we get more chairs?"],
    ["Book buses pls", "Book buses"],
    ["Please book buses", "book buses"],
    ["For the gala: print menus", "For the gala: print menus"],
    ["Book buses!", "Book buses"],
    ["Book buses for", "Book buses"],
  ])("%j → %j", (input, expected) => {
    expect(tidyTitle(input)).toBe(expected);
  });
});

describe("titles", () => {
  it("keeps the words as written and starts with a capital", () => {
    expect(parseOne("book the PowerCo genny for the 2nd stage").title).toBe("Book the PowerCo genny for the 2nd stage");
    expect(parseOne("URGENT: confirm the generator").title).toBe("Confirm the generator");
  });

  it("leaves a mixed-case first word alone", () => {
    expect(parseOne("@maria iPad kiosks for check-in").title).toBe("iPad kiosks for check-in");
  });

  it("moves further sentences into the description", () => {
    expect(parseOne("Call the caterer by Friday. Vegan count is 12. Ask about nuts.")).toMatchObject({
      title: "Call the caterer",
      description: "Vegan count is 12. Ask about nuts",
      dueDate: "2025-03-14",
    });
    expect(parseOne("Can we get more chairs? Need 40 for Hall B")).toMatchObject({
      title: "Can we get more chairs?",
      description: "Need 40 for Hall B",
    });
    expect(parseOne("Meet Dr. Patel at St. Mary's Hall").description).toBeNull();
  });

  it("falls back to the original line when nothing else is left", () => {
    expect(parseOne("tomorrow @maria")).toMatchObject({ title: "tomorrow @maria", dueDate: "2025-03-11", assigneeName: "maria" });
  });

  it("caps the title length and keeps the full text in the description", () => {
    const long = `Prepare ${"the very long briefing document ".repeat(10)}for the crew`;
    const task = parseOne(long);
    expect(task.title.length).toBeLessThanOrEqual(TITLE_MAX);
    expect(task.title.endsWith("…")).toBe(true);
    expect(task.description).toBe(long);
  });
});

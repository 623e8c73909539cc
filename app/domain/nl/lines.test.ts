import { describe, expect, it } from "vitest";
import { splitTaskLines } from "./lines";

const texts = (input: string) => splitTaskLines(input).map((t) => t.text);

describe("splitTaskLines", () => {
  it("reads a single line without bullets as one task", () => {
    expect(texts("Book the shuttle buses by Friday")).toEqual(["Book the shuttle buses by Friday"]);
  });

  it("reads one task per line, ignoring blank lines and dividers", () => {
    expect(texts("Book buses\n\n   \nConfirm hotel\r\n---\nPrint badges\n")).toEqual([
      "Book buses",
      "Confirm hotel",
      "Print badges",
    ]);
  });

  it.each([
    ["- Book buses", "Book buses"],
    ["* Book buses", "Book buses"],
    ["• Book buses", "Book buses"],
    ["•Book buses", "Book buses"],
    ["+ Book buses", "Book buses"],
    ["– Book buses", "Book buses"],
    ["1. Book buses", "Book buses"],
    ["12) Book buses", "Book buses"],
    ["(3) Book buses", "Book buses"],
    ["[ ] Book buses", "Book buses"],
    ["[x] Book buses", "Book buses"],
    ["- [ ] Book buses", "Book buses"],
    ["  * 1) Book buses", "Book buses"],
    ["☐ Book buses", "Book buses"],
  ])("strips the bullet in %s", (line, text) => {
    expect(texts(line)).toEqual([text]);
  });

  it("does not take numbers and tags that open a task for bullets", () => {
    expect(texts("1.5 hours of soundcheck")).toEqual(["1.5 hours of soundcheck"]);
    expect(texts("3 buses for day 1")).toEqual(["3 buses for day 1"]);
    expect(texts("[Logistics] Book buses")).toEqual(["[Logistics] Book buses"]);
    expect(texts("-Book buses")).toEqual(["-Book buses"]);
  });

  it("splits bullets pasted on one line", () => {
    expect(texts("• Order ice • Confirm bar staff • Test card readers")).toEqual([
      "Order ice",
      "Confirm bar staff",
      "Test card readers",
    ]);
  });

  it("reads short lines ending in a colon, markdown headings and bold lines as headings", () => {
    const tasks = splitTaskLines("Logistics:\n- Book buses\n## Friday\n- Test radios\n**Stage**\n- Rig lights");
    expect(tasks.map((t) => [t.text, t.heading])).toEqual([
      ["Book buses", "Logistics"],
      ["Test radios", "Friday"],
      ["Rig lights", "Stage"],
    ]);
  });

  it.each([
    ["### Friday ###  ", "Friday"],
    ["# Doors # open #", "Doors # open"],
    ["#\tLoad-in\t#\u2028", "Load-in"],
    ["## A ## #", "A ##"],
  ])("reads the markdown heading %j as %j, without its closing hashes", (heading, expected) => {
    expect(splitTaskLines(`${heading}\n- Book buses`)[0].heading).toBe(expected);
  });

  it("reads a markdown line broken by a line separator as a task, not a heading", () => {
    expect(splitTaskLines(`# a${" ".repeat(3980)}\u2028x\nBook buses`)).toEqual([
      { text: "# a x", notes: [], heading: null },
      { text: "Book buses", notes: [], heading: null },
    ]);
  });

  it("keeps a last line ending in a colon as a task", () => {
    expect(texts("Tasks for the gala:")).toEqual(["Tasks for the gala:"]);
  });

  it("attaches indented plain lines under a bullet as notes", () => {
    const tasks = splitTaskLines("- Confirm hotel block\n  40 rooms\n  breakfast included\n- Book buses");
    expect(tasks).toEqual([
      { text: "Confirm hotel block", notes: ["40 rooms", "breakfast included"], heading: null },
      { text: "Book buses", notes: [], heading: null },
    ]);
  });

  it("keeps indented lines as tasks when nothing above is a bullet", () => {
    expect(texts("Book buses\n  Confirm hotel")).toEqual(["Book buses", "Confirm hotel"]);
  });

  it("reads nested bullets as tasks of their own", () => {
    expect(texts("- Stage\n  - Rig lights\n  - Line check")).toEqual(["Stage", "Rig lights", "Line check"]);
  });
});

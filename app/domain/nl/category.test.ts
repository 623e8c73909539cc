import { describe, expect, it } from "vitest";
import { parseOne } from "./test-helpers";

const category = (text: string, categories?: readonly string[]) => parseOne(text, { categories }).category;

describe("category from the default categories", () => {
  it.each([
    // logistics
    ["Book the shuttle buses", "logistics"],
    ["Arrange airport pickups for the speakers", "logistics"],
    ["Confirm the hotel room block", "logistics"],
    ["Book flights for the crew", "logistics"],
    ["Sort parking for the trucks", "logistics"],
    ["Schedule freight for the load-in", "logistics"],
    ["Order 200 chairs", "logistics"],
    ["Confirm catering numbers", "logistics"],
    ["Print attendee badges", "logistics"],
    ["Brief the volunteers", "logistics"],
    // production
    ["Finalise the run of show", "production"],
    ["Test the PA and monitors on stage", "production"],
    ["Focus the lighting rig", "production"],
    ["Send the tech rider to the band", "production"],
    ["Book backline for the headliner", "production"],
    ["Check the LED wall feed", "production"],
    ["Rehearsal for the opening", "production"],
    // marketing
    ["Post the lineup on Instagram", "marketing"],
    ["Send the press release", "marketing"],
    ["Draft the newsletter", "marketing"],
    ["Launch the ads campaign", "marketing"],
    ["Print posters and flyers", "marketing"],
    ["Brief the PR agency", "marketing"],
    // content
    ["Collect speaker slides", "content"],
    ["Finalise the agenda", "content"],
    ["Write the MC script", "content"],
    ["Edit the highlight video", "content"],
    ["Confirm keynote speaker bios", "content"],
    // infrastructure
    ["Confirm generator hire", "infrastructure"],
    ["Test the wifi in the media centre", "infrastructure"],
    ["Install crowd barriers and fencing", "infrastructure"],
    ["Order portable toilets", "infrastructure"],
    ["Plan power distribution", "infrastructure"],
    ["Brief security on bag checks", "infrastructure"],
    // none
    ["Call Alex back", null],
  ])("%s → %s", (text, expected) => {
    expect(category(text)).toBe(expected);
  });

  it("weighs what the task is about over who it is for", () => {
    expect(category("Book speaker flights")).toBe("logistics");
    expect(category("Collect speaker slides")).toBe("content");
  });

  it("lets the category's own name win", () => {
    expect(category("Update the marketing plan for the stage show")).toBe("marketing");
  });

  it("keeps implied keywords in the title", () => {
    expect(parseOne("Book the shuttle buses")).toMatchObject({ title: "Book the shuttle buses", category: "logistics" });
  });
});

describe("explicit category markers", () => {
  it.each([
    ["Book the vans #logistics", "logistics", "Book the vans"],
    ["Book the vans #Logistics by Friday", "logistics", "Book the vans"],
    ["Book the vans, category: marketing", "marketing", "Book the vans"],
    ["Book the vans [Production]", "production", "Book the vans"],
    ["Marketing: book the vans", "marketing", "Book the vans"],
    ["Content - book the vans", "content", "Book the vans"],
    ["Book the vans #av", "production", "Book the vans"],
    ["Book the vans #transport", "logistics", "Book the vans"],
  ])("%s → %s", (text, expected, title) => {
    expect(parseOne(text)).toMatchObject({ category: expected, title });
  });

  it("leaves unknown hashtags in the title", () => {
    expect(parseOne("Post the teaser with #SummerFest25")).toMatchObject({
      category: "marketing",
      title: "Post the teaser with #SummerFest25",
    });
  });
});

describe("only the workspace's categories", () => {
  it("returns the workspace's spelling", () => {
    expect(category("Book the shuttle buses", ["Logistics", "Marketing"])).toBe("Logistics");
  });

  it("files topics under the most specific category the workspace has", () => {
    const withCatering = ["logistics", "catering", "production"];
    expect(category("Confirm vegan meals with the caterer", withCatering)).toBe("catering");
    expect(category("Confirm vegan meals with the caterer")).toBe("logistics");
    expect(category("Brief the guards at gate A", ["Security", "logistics"])).toBe("Security");
    expect(category("Pay the AV invoice", ["finance", "production"])).toBe("production");
    expect(category("Pay the invoice", ["finance", "production"])).toBe("finance");
  });

  it("never returns a category the workspace lacks", () => {
    expect(category("Book the shuttle buses", ["marketing"])).toBeNull();
    expect(category("Book the vans #logistics", ["marketing"])).toBeNull();
    expect(category("Book the shuttle buses", [])).toBeNull();
  });

  it("matches multi-word category names and tags written with dashes", () => {
    expect(category("Wire the booth #tech-setup", ["tech setup", "marketing"])).toBe("tech setup");
    expect(category("Category: tech setup - wire the booth", ["Tech Setup"])).toBe("Tech Setup");
  });
});

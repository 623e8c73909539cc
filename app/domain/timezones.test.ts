import { describe, expect, it } from "vitest";
import { groupTimezones, supportedTimezones } from "./dates";

describe("supportedTimezones", () => {
  it("lists UTC first, once, then the runtime's IANA zones", () => {
    const zones = supportedTimezones();
    expect(zones[0]).toBe("UTC");
    expect(zones.filter((z) => z === "UTC")).toHaveLength(1);
    expect(zones).toEqual(expect.arrayContaining(["Europe/London", "America/New_York", "Pacific/Kiritimati"]));
  });
});

describe("groupTimezones", () => {
  it("groups by region with readable labels, keeping the IANA ids as values", () => {
    expect(groupTimezones(["UTC", "America/Argentina/Buenos_Aires", "America/New_York", "Europe/London"], "UTC")).toEqual([
      { region: "General", zones: [{ value: "UTC", label: "UTC" }] },
      {
        region: "America",
        zones: [
          { value: "America/Argentina/Buenos_Aires", label: "America / Argentina / Buenos Aires" },
          { value: "America/New_York", label: "America / New York" },
        ],
      },
      { region: "Europe", zones: [{ value: "Europe/London", label: "Europe / London" }] },
    ]);
  });

  it("keeps the current zone when the list lacks it", () => {
    const groups = groupTimezones(["UTC", "Asia/Kolkata"], "Asia/Calcutta");
    expect(groups.find((g) => g.region === "Asia")?.zones.map((z) => z.value)).toEqual(["Asia/Kolkata", "Asia/Calcutta"]);
  });
});

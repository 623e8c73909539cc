import { describe, expect, it } from "vitest";
import { checkoutReturnPlan, queryNotice, withoutNoticeParams } from "./query-notice";

const notice = (query: string, slackInstall: { teamName: string | null } | null = null) =>
  queryNotice(new URLSearchParams(query), { slackInstall });

describe("queryNotice", () => {
  it("notes a cancelled checkout, and never confirms one from the address alone", () => {
    expect(notice("upgrade=success")).toBeNull();
    expect(notice("upgrade=success&plan=premium")).toBeNull();
    expect(notice("upgrade=cancelled")).toMatchObject({ title: "Upgrade Cancelled" });
    expect(notice("upgrade=maybe")).toBeNull();
  });

  it("notes a cancelled checkout as nothing charged", () => {
    expect(notice("upgrade=cancelled")?.description).toBe("Checkout was cancelled and nothing was charged.");
  });

  it("confirms a Slack install the server vouches for, naming the installed team rather than the address's", () => {
    expect(notice("slack_success=1&team=Fake+Crew", { teamName: "Harbour Lights Crew" })).toEqual({
      title: "Slack Connected",
      description: "Cueboard is installed in Harbour Lights Crew.",
      variant: "success",
    });
    expect(notice("slack_success=1", { teamName: null })?.description).toBe("Cueboard is installed in your Slack workspace.");
  });

  it("ignores slack_success that the server does not confirm", () => {
    expect(notice("slack_success=1&team=Harbour+Lights+Crew")).toBeNull();
  });

  it.each([
    ["access_denied", "Installation was cancelled"],
    ["config_missing", "Slack app configuration is missing"],
    ["no_code", "Authorization failed - no code received"],
    ["callback_failed", "Something went wrong during installation"],
    ["", "Error: "],
  ])("words slack_error=%s as the spec's message", (value, message) => {
    expect(notice(`slack_error=${value}`)).toEqual({
      title: "Slack Installation Failed",
      description: message,
      variant: "destructive",
    });
  });

  it("keeps an oversized value within the toast's limits", () => {
    expect(notice(`slack_error=${"x".repeat(500)}`)?.description).toHaveLength("Error: ".length + 60);
  });

  it("is null for an ordinary dashboard address", () => {
    expect(notice("priority=high&more=1")).toBeNull();
  });
});

describe("withoutNoticeParams", () => {
  it("removes only the notice values", () => {
    expect(withoutNoticeParams(new URL("http://x/dashboard?slack_success=1&team=Crew&priority=high"))).toBe(
      "/dashboard?priority=high",
    );
    expect(withoutNoticeParams(new URL("http://x/dashboard?upgrade=success"))).toBe("/dashboard");
    expect(withoutNoticeParams(new URL("http://x/?slack_error=no_code"))).toBe("/");
  });
});

describe("checkoutReturnPlan", () => {
  const plan = (query: string) => checkoutReturnPlan(new URLSearchParams(query));

  it("names the plan a return from checkout is about, any paid plan when none is named", () => {
    expect(plan("upgrade=success&plan=premium")).toBe("premium");
    expect(plan("upgrade=success")).toBe("basic");
    expect(plan("upgrade=success&plan=gold")).toBe("basic");
  });

  it("ignores other returns", () => {
    expect(plan("upgrade=cancelled&plan=premium")).toBeNull();
    expect(plan("")).toBeNull();
  });

  it("is removed from the address with the other notice values", () => {
    expect(withoutNoticeParams(new URL("http://x/dashboard?upgrade=success&plan=premium&more=1"))).toBe("/dashboard?more=1");
  });
});

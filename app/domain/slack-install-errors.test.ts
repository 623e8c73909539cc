import { describe, expect, it } from "vitest";
import { slackErrorMessage } from "./slack-install-errors";

describe("slackErrorMessage", () => {
  it("maps the spec's install errors to its messages", () => {
    expect(slackErrorMessage("access_denied")).toBe("Installation was cancelled");
    expect(slackErrorMessage("config_missing")).toBe("Slack app configuration is missing");
    expect(slackErrorMessage("no_code")).toBe("Authorization failed - no code received");
    expect(slackErrorMessage("callback_failed")).toBe("Something went wrong during installation");
  });

  it("reads 'Error: {value}' for anything else, cutting long values", () => {
    expect(slackErrorMessage("invalid_scope")).toBe("Error: invalid_scope");
    expect(slackErrorMessage("")).toBe("Error: ");
    const long = "x".repeat(200);
    const message = slackErrorMessage(long);
    expect(message).toBe(`Error: ${"x".repeat(59)}…`);
  });

  it("does not treat inherited object keys as known errors", () => {
    expect(slackErrorMessage("toString")).toBe("Error: toString");
    expect(slackErrorMessage("__proto__")).toBe("Error: __proto__");
  });
});

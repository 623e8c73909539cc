import { describe, expect, it } from "vitest";
import {
  CAPTURE_EMOJI_MESSAGE,
  captureSettingsSchema,
  emojiCode,
  isCaptureReaction,
  taskSlackLink,
} from "./slack-capture";

describe("captureSettingsSchema", () => {
  it.each([
    ["memo", "memo"],
    [":memo:", "memo"],
    ["  :White_Check_Mark:  ", "white_check_mark"],
    ["+1", "+1"],
    ["flag-gb", "flag-gb"],
    ["memo:", "memo"],
  ])("reads %j as %j", (input, emoji) => {
    expect(captureSettingsSchema.parse({ emoji })).toEqual({ emoji });
    expect(captureSettingsSchema.parse({ emoji: input })).toEqual({ emoji });
  });

  it.each(["", "   ", "::", "memo pad", ":me:mo:", "📝", "memo!", "a".repeat(101), ":".repeat(50)])(
    "refuses %j",
    (emoji) => {
      const parsed = captureSettingsSchema.safeParse({ emoji });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0].message).toBe(CAPTURE_EMOJI_MESSAGE);
    },
  );

  it("refuses a missing or non-text value with the same message", () => {
    expect(captureSettingsSchema.safeParse({}).error?.issues[0].message).toBe(CAPTURE_EMOJI_MESSAGE);
    expect(captureSettingsSchema.safeParse({ emoji: 7 }).error?.issues[0].message).toBe(CAPTURE_EMOJI_MESSAGE);
  });

  it("stays linear on long hostile input", () => {
    const started = performance.now();
    captureSettingsSchema.safeParse({ emoji: `:${"a".repeat(100)}::` });
    expect(performance.now() - started).toBeLessThan(50);
  });
});

describe("isCaptureReaction", () => {
  it("matches the emoji, with any skin tone", () => {
    expect(isCaptureReaction("memo", "memo")).toBe(true);
    expect(isCaptureReaction("+1::skin-tone-3", "+1")).toBe(true);
  });

  it("does not match another emoji or a longer name", () => {
    expect(isCaptureReaction("eyes", "memo")).toBe(false);
    expect(isCaptureReaction("memo_pad", "memo")).toBe(false);
    expect(isCaptureReaction("memo", "+1")).toBe(false);
  });
});

describe("emojiCode", () => {
  it("wraps the short name in colons", () => {
    expect(emojiCode("memo")).toBe(":memo:");
  });
});

describe("taskSlackLink", () => {
  const row = {
    permalink: "https://acme.slack.com/archives/C1/p1700000000000100",
    teamId: "T1",
    channelId: "C1",
    channelName: "production",
  };

  it("links to the message's permalink", () => {
    expect(taskSlackLink(row)).toEqual({ channelId: "C1", channelName: "production", url: row.permalink });
  });

  it("links to the channel when Slack gave no permalink", () => {
    expect(taskSlackLink({ ...row, permalink: null, channelName: null }).url).toBe(
      "https://slack.com/app_redirect?team=T1&channel=C1",
    );
  });
});

import { describe, expect, it } from "vitest";
import { looksLikeQuestion, mentionedUserIds, slackTextToPlain, stripBotMention } from "./text";

describe("slackTextToPlain", () => {
  it("turns Slack markup into what the person typed", () => {
    expect(slackTextToPlain("Ask <@U123> about <#C42|logistics> &amp; the <https://example.com/plan|run sheet> &lt;draft&gt;")).toBe(
      "Ask @U123 about #logistics & the run sheet <draft>",
    );
    expect(slackTextToPlain("see <https://example.com/a>  now <!here>")).toBe("see https://example.com/a now @here");
  });

  it("names linked members by their first name so the parser reads the owner", () => {
    const names = new Map([["U1", "Sam Okafor"]]);
    expect(slackTextToPlain("Fix stage <@U1> and <@U2|dana>", (id) => names.get(id) ?? null)).toBe("Fix stage @Sam and @dana");
  });
});

describe("mentions", () => {
  it("lists mentioned users and strips the bot's own mention", () => {
    expect(mentionedUserIds("<@UBOT> give <@U1> and <@W2|x> this")).toEqual(["UBOT", "U1", "W2"]);
    expect(stripBotMention("<@UBOT> book vans <@U1>", "UBOT")).toBe("book vans <@U1>");
  });
});

describe("looksLikeQuestion", () => {
  it("tells questions from task descriptions", () => {
    for (const q of ["what is overdue", "Who owns the permits", "anything due this week", "Is the stage booked?", "status?"]) {
      expect(looksLikeQuestion(q)).toBe(true);
    }
    for (const t of ["Book caterer Friday", "Order radios @sam 2026-12-01", "Whatsapp the crew"]) {
      expect(looksLikeQuestion(t)).toBe(false);
    }
  });
});

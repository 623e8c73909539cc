import { describe, expect, it } from "vitest";
import {
  COMMENT_MAX,
  COMMENT_REQUIRED,
  commentExcerpt,
  commentInputSchema,
  commentSegments,
  describeCommentChange,
  findMentions,
  mentionQueryAt,
  suggestMembers,
} from "./comments";

const ana = { id: "u-ana", name: "Ana Ruiz" };
const sam = { id: "u-sam", name: "Sam" };
const samPatel = { id: "u-sam-patel", name: "Sam Patel" };
const members = [ana, sam, samPatel];

describe("findMentions", () => {
  it.each([
    ["@Ana Ruiz can you check?", ["u-ana"]],
    ["thanks @ana ruiz!", ["u-ana"]],
    ["@Sam Patel and @Sam", ["u-sam-patel", "u-sam"]],
    ["@Sam, see this", ["u-sam"]],
    ["(@Sam)", ["u-sam"]],
    ["@Samantha is not Sam", []],
    ["mail sam@example.com", []],
    ["@Nobody here", []],
    ["@Ana Ruiz @Ana Ruiz twice", ["u-ana"]],
    ["no at sign", []],
    ["@", []],
  ])("%j mentions %j", (body, ids) => {
    expect(findMentions(body, members).map((m) => m.userId)).toEqual(ids);
  });

  it("keeps the name as written", () => {
    expect(findMentions("hi @ANA RUIZ", members)).toEqual([{ userId: "u-ana", name: "ANA RUIZ" }]);
  });

  it("mentions every member who shares a name", () => {
    const twins = [
      { id: "a", name: "Alex" },
      { id: "b", name: "Alex" },
    ];
    expect(findMentions("@Alex", twins).map((m) => m.userId)).toEqual(["a", "b"]);
  });

  it("handles a long run of @ signs quickly", () => {
    const body = "@Sa".repeat(3000);
    const started = performance.now();
    expect(findMentions(body, members)).toEqual([]);
    expect(performance.now() - started).toBeLessThan(200);
  });
});

describe("commentSegments", () => {
  it("splits text, links, mentions and line breaks", () => {
    const body = "Hi @Ana Ruiz,\nsee https://example.com/rider.pdf.\n<b>bold</b>";
    expect(commentSegments(body, [{ userId: "u-ana", name: "Ana Ruiz" }])).toEqual([
      { type: "text", text: "Hi " },
      { type: "mention", text: "@Ana Ruiz", userId: "u-ana" },
      { type: "text", text: "," },
      { type: "break" },
      { type: "text", text: "see " },
      { type: "link", text: "https://example.com/rider.pdf", href: "https://example.com/rider.pdf" },
      { type: "text", text: "." },
      { type: "break" },
      { type: "text", text: "<b>bold</b>" },
    ]);
  });

  it("links only http and https", () => {
    const segments = commentSegments("javascript:alert(1) ftp://x.org http://", []);
    expect(segments.filter((s) => s.type === "link")).toEqual([]);
  });

  it("leaves an @ of someone not mentioned as text", () => {
    expect(commentSegments("@Sam hello", [])).toEqual([{ type: "text", text: "@Sam hello" }]);
  });

  it("is fast on long input", () => {
    const body = "http://a ".repeat(1100).slice(0, COMMENT_MAX);
    const started = performance.now();
    expect(commentSegments(body, []).filter((s) => s.type === "link").length).toBeGreaterThan(1000);
    expect(performance.now() - started).toBeLessThan(200);
  });
});

describe("commentInputSchema", () => {
  it("refuses an empty or blank comment", () => {
    for (const body of ["", "   \n ", undefined]) {
      const result = commentInputSchema.safeParse({ body });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0].message).toBe(COMMENT_REQUIRED);
    }
  });

  it("refuses more than the limit and accepts the limit", () => {
    expect(commentInputSchema.safeParse({ body: "a".repeat(COMMENT_MAX + 1) }).error?.issues[0].message).toBe(
      "A comment can be at most 10,000 characters",
    );
    expect(commentInputSchema.safeParse({ body: "a".repeat(COMMENT_MAX) }).success).toBe(true);
  });

  it("makes line endings \\n and trims", () => {
    expect(commentInputSchema.parse({ body: "  a\r\nb\rc  " }).body).toBe("a\nb\nc");
  });

  it("refuses a body that is not text", () => {
    expect(commentInputSchema.safeParse({ body: 3 }).error?.issues[0].message).toBe("Comment must be text");
  });
});

describe("words", () => {
  it("cuts an excerpt to one line", () => {
    expect(commentExcerpt("a\n\nb", 10)).toBe("a b");
    expect(commentExcerpt("x".repeat(20), 10)).toBe(`${"x".repeat(9)}…`);
  });

  it("describes history entries", () => {
    expect(describeCommentChange({ comment: [null, "Looks good"] })).toBe("Commented “Looks good”");
    expect(describeCommentChange({ comment: ["a", "b"] })).toBe("Edited a comment to “b”");
    expect(describeCommentChange({ comment: ["a", null] })).toBe("Deleted a comment");
  });
});

describe("suggestions", () => {
  it("finds the @ being typed", () => {
    expect(mentionQueryAt("hello @Sa", 9)).toEqual({ start: 6, query: "Sa" });
    expect(mentionQueryAt("hello @Sam P", 12)).toEqual({ start: 6, query: "Sam P" });
    expect(mentionQueryAt("mail a@b", 8)).toBeNull();
    expect(mentionQueryAt("@Sam\nnext", 9)).toBeNull();
    expect(mentionQueryAt("no mention", 10)).toBeNull();
  });

  it("suggests names that start with the query first, then by a later word", () => {
    expect(suggestMembers(members, "sa").map((m) => m.id)).toEqual(["u-sam", "u-sam-patel"]);
    expect(suggestMembers(members, "ru").map((m) => m.id)).toEqual(["u-ana"]);
    expect(suggestMembers(members, "").length).toBe(3);
  });
});

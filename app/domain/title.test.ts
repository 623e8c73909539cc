import { describe, expect, it } from "vitest";
import { normalizeTitle } from "./title";

describe("normalizeTitle", () => {
  it("folds case, including letters whose folding changes length", () => {
    expect(normalizeTitle("Book The Shuttle BUSES")).toBe("book the shuttle buses");
    expect(normalizeTitle("Straße sperren")).toBe(normalizeTitle("STRASSE SPERREN"));
    expect(normalizeTitle("ΟΔΟΣ")).toBe(normalizeTitle("οδοσ"));
  });

  it("trims and collapses inner whitespace of every kind", () => {
    expect(normalizeTitle("  book\tthe \n shuttle\u00a0\u00a0buses\r\n")).toBe("book the shuttle buses");
    expect(normalizeTitle("book\u2003the\u3000shuttle buses")).toBe("book the shuttle buses");
  });

  it("drops punctuation and symbols at either end, emoji included", () => {
    expect(normalizeTitle("  Book the  shuttle buses!! ")).toBe("book the shuttle buses");
    expect(normalizeTitle("...Book the shuttle buses?")).toBe("book the shuttle buses");
    expect(normalizeTitle("🚌 Book the shuttle buses 🚌")).toBe("book the shuttle buses");
    expect(normalizeTitle("Book the shuttle buses ❤️")).toBe("book the shuttle buses");
    expect(normalizeTitle("Book the shuttle buses 👍🏽")).toBe("book the shuttle buses");
    expect(normalizeTitle("“Book the shuttle buses”")).toBe("book the shuttle buses");
    expect(normalizeTitle("- [ ] Book the shuttle buses")).toBe("book the shuttle buses");
  });

  it("keeps inner punctuation, so titles that differ inside stay distinct", () => {
    expect(normalizeTitle("Set up AV: day 1")).toBe("set up av: day 1");
    expect(normalizeTitle("Set up AV: day 1")).not.toBe(normalizeTitle("Set up AV day 1"));
    expect(normalizeTitle("Print v2.0 badges")).not.toBe(normalizeTitle("Print v20 badges"));
    expect(normalizeTitle("Call 555-0100")).toBe("call 555-0100");
  });

  it("keeps letters and digits at the ends", () => {
    expect(normalizeTitle("Order 200 chairs")).toBe("order 200 chairs");
    expect(normalizeTitle("Day 2")).toBe("day 2");
    expect(normalizeTitle("नमस्ते")).toBe("नमस्ते");
  });

  it("applies NFKC so look-alike forms compare equal", () => {
    expect(normalizeTitle("Ｂｏｏｋ ｂｕｓｅｓ")).toBe("book buses");
    expect(normalizeTitle("Conﬁrm ﬁnal run sheet")).toBe("confirm final run sheet");
    expect(normalizeTitle("Cafe\u0301 catering")).toBe(normalizeTitle("Café catering"));
  });

  it("ignores invisible characters pasted from chat", () => {
    expect(normalizeTitle("Book\u200b the shuttle\u00ad buses\ufeff")).toBe("book the shuttle buses");
    expect(normalizeTitle("Step 1️⃣")).toBe(normalizeTitle("Step 1"));
  });

  it("returns an empty string when nothing but punctuation, symbols or space is left", () => {
    expect(normalizeTitle("")).toBe("");
    expect(normalizeTitle("   \t\n")).toBe("");
    expect(normalizeTitle("!!! ???")).toBe("");
    expect(normalizeTitle("🎤🎉")).toBe("");
    expect(normalizeTitle("\u200b")).toBe("");
  });
});

import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv";

describe("csvCell", () => {
  it("leaves plain text alone", () => {
    expect(csvCell("Maria Lopez")).toBe("Maria Lopez");
    expect(csvCell("maria@example.com")).toBe("maria@example.com");
  });

  it("writes empty cells for null and undefined, and numbers and booleans as text", () => {
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(42)).toBe("42");
    expect(csvCell(false)).toBe("false");
  });

  it("quotes cells with a comma, quote, CR or LF and doubles inner quotes (RFC 4180)", () => {
    expect(csvCell("Lopez, Maria")).toBe('"Lopez, Maria"');
    expect(csvCell('The "Main" Stage')).toBe('"The ""Main"" Stage"');
    expect(csvCell("line one\nline two")).toBe('"line one\nline two"');
    expect(csvCell("a\r\nb")).toBe('"a\r\nb"');
  });

  it.each([
    ['=HYPERLINK("http://evil")', '"\'=HYPERLINK(""http://evil"")"'],
    ["+1 555 0100", "'+1 555 0100"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1:A2)", "'@SUM(A1:A2)"],
    ["\tcmd", "'\tcmd"],
    ["\rcmd", '"\'\rcmd"'],
  ])("neutralises the formula-looking cell %j", (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it("does not touch formula characters inside a cell", () => {
    expect(csvCell("a=b")).toBe("a=b");
    expect(csvCell("x@example.com")).toBe("x@example.com");
  });
});

describe("toCsv", () => {
  it("writes the header and rows with CRLF line ends", () => {
    expect(
      toCsv(
        ["Name", "Email"],
        [
          ["Maria", "maria@example.com"],
          ["=cmd", "a,b"],
        ],
      ),
    ).toBe('Name,Email\r\nMaria,maria@example.com\r\n\'=cmd,"a,b"\r\n');
  });

  it("is just the header without rows", () => {
    expect(toCsv(["Name"], [])).toBe("Name\r\n");
  });
});

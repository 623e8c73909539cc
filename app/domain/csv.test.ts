import { describe, expect, it } from "vitest";
import { csvCell, parseCsv, toCsv } from "./csv";

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

describe("parseCsv", () => {
  it("reads what toCsv writes, quotes, line breaks and neutralised formulas included", () => {
    const rows = [
      ["title", "notes"],
      ["Lopez, Maria", 'The "Main" Stage'],
      ["=SUM(A1)", "line one\nline two"],
    ];
    const parsed = parseCsv(toCsv(rows[0], rows.slice(1)), 10);
    expect(parsed).toEqual({
      ok: true,
      records: [
        { line: 1, cells: rows[0] },
        { line: 2, cells: rows[1] },
        { line: 3, cells: rows[2] },
      ],
    });
  });

  it("numbers records by the line they start on, skipping blank lines", () => {
    const parsed = parseCsv('a,b\n\n"x\ny",z\nlast,', 10);
    expect(parsed.ok && parsed.records.map((r) => [r.line, r.cells])).toEqual([
      [1, ["a", "b"]],
      [3, ["x\ny", "z"]],
      [5, ["last", ""]],
    ]);
  });

  it("names the line of an unclosed quote, and refuses too many rows", () => {
    expect(parseCsv('a\n"open,b\n', 10)).toEqual({ ok: false, error: "Line 2: a quoted cell is never closed" });
    expect(parseCsv("a\nb\nc\n", 2)).toEqual({ ok: false, error: "Line 3: at most 2 rows can be read at once" });
  });
});

import { describe, expect, it } from "vitest";
import {
  FILE_MAX_BYTES,
  FILE_NAME_MAX,
  checkUpload,
  cleanFileName,
  cleanFileType,
  contentDisposition,
  describeFileChange,
  fileChange,
  formatBytes,
  servedInline,
  servedType,
  storageLimitReached,
} from "./files";
import { storageQuota } from "./tiers";

describe("formatBytes", () => {
  it.each([
    [0, "0 bytes"],
    [1, "1 byte"],
    [812, "812 bytes"],
    [1024, "1 KB"],
    [1536, "1.5 KB"],
    [14 * 1024 + 300, "14 KB"],
    [3.25 * 1024 * 1024, "3.3 MB"],
    [FILE_MAX_BYTES, "25 MB"],
    [2 * 1024 ** 3, "2 GB"],
  ])("%d bytes read %s", (bytes, words) => {
    expect(formatBytes(bytes)).toBe(words);
  });
});

describe("cleanFileName", () => {
  it.each([
    ["rider.pdf", "rider.pdf"],
    ["  Stage   plot.png ", "Stage plot.png"],
    ["C:\\Users\\ana\\Desktop\\contract.docx", "contract.docx"],
    ["../../etc/passwd", "passwd"],
    ["evil\r\nSet-Cookie: x.pdf", "evilSet-Cookie: x.pdf"],
    ["invoice\u202Efdp.exe", "invoicefdp.exe"],
    ["Rider – Böhm.pdf", "Rider – Böhm.pdf"],
  ])("%j is kept as %j", (raw, kept) => {
    expect(cleanFileName(raw)).toBe(kept);
  });

  it("shortens a long name, keeping its extension", () => {
    const name = cleanFileName(`${"a".repeat(300)}.pdf`);
    expect(name).toHaveLength(FILE_NAME_MAX);
    expect(name.endsWith(".pdf")).toBe(true);
  });

  it.each(["", "   ", "/", "..", "\u0000"])("refuses the empty name %j", (raw) => {
    expect(() => cleanFileName(raw)).toThrow("The file needs a name");
  });
});

describe("cleanFileType", () => {
  it.each([
    ["application/pdf", "application/pdf"],
    ["Image/PNG", "image/png"],
    ["text/plain; charset=utf-8", "text/plain"],
    ["", "application/octet-stream"],
    [null, "application/octet-stream"],
    ["not a type", "application/octet-stream"],
    ["text/html\r\nX-Evil: 1", "application/octet-stream"],
  ])("%j is kept as %j", (raw, kept) => {
    expect(cleanFileType(raw)).toBe(kept);
  });
});

describe("checkUpload", () => {
  it("takes a file up to 25 MB and refuses one byte more (413)", () => {
    expect(checkUpload({ name: "a.bin", size: FILE_MAX_BYTES }).size).toBe(FILE_MAX_BYTES);
    expect(() => checkUpload({ name: "a.bin", size: FILE_MAX_BYTES + 1 })).toThrow(
      expect.objectContaining({ code: "too_large" }),
    );
  });

  it.each([0, -1, Number.NaN, 1.5])("refuses the size %d", (size) => {
    expect(() => checkUpload({ name: "a.bin", size })).toThrow(expect.objectContaining({ code: "invalid" }));
  });

  it.each([
    ["setup.exe", "application/octet-stream"],
    ["Run.BAT", "text/plain"],
    ["script.ps1", "text/plain"],
    ["installer", "application/x-msdownload"],
  ])("refuses the program %j (%s) with 415", (name, type) => {
    expect(() => checkUpload({ name, type, size: 10 })).toThrow(
      expect.objectContaining({ code: "unsupported_media_type" }),
    );
  });

  it.each([
    ["rider.pdf", "application/pdf"],
    ["plot.svg", "image/svg+xml"],
    ["archive.zip", "application/zip"],
    ["notes", ""],
  ])("keeps %j (%s) as bytes", (name, type) => {
    expect(checkUpload({ name, type, size: 10 }).name).toBe(name);
  });
});

describe("serving a download", () => {
  it.each([
    ["image/png", true, "image/png", true],
    ["image/jpeg", false, "image/jpeg", false],
    ["image/webp", true, "image/webp", true],
    ["image/svg+xml", true, "application/octet-stream", false],
    ["text/html", true, "application/octet-stream", false],
    ["application/xhtml+xml", true, "application/octet-stream", false],
    ["text/javascript", true, "application/octet-stream", false],
    ["application/pdf", true, "application/pdf", false],
  ])("%s (inline asked: %s) goes as %s, inline %s", (type, asked, served, inline) => {
    expect(servedType(type)).toBe(served);
    expect(servedInline(type, asked)).toBe(inline);
  });

  it("names the file in ASCII and exactly, as RFC 6266 and 8187 say", () => {
    expect(contentDisposition("rider.pdf", false)).toBe(`attachment; filename="rider.pdf"; filename*=UTF-8''rider.pdf`);
    expect(contentDisposition(`Böhm "final"; v2.pdf`, true)).toBe(
      `inline; filename="B_hm _final__ v2.pdf"; filename*=UTF-8''B%C3%B6hm%20%22final%22%3B%20v2.pdf`,
    );
    expect(contentDisposition("it's (1)*.png", false)).toBe(
      `attachment; filename="it's (1)*.png"; filename*=UTF-8''it%27s%20%281%29%2A.png`,
    );
  });
});

describe("a file in the history", () => {
  it("says what was attached and removed", () => {
    expect(describeFileChange(fileChange(null, { name: "rider.pdf" }))).toBe("Attached “rider.pdf”");
    expect(describeFileChange(fileChange({ name: "rider.pdf" }, null))).toBe("Removed the file “rider.pdf”");
  });
});

describe("storage by plan", () => {
  it("holds 100 MB on Free, 2 GB on Basic, 20 GB on Premium and Beta", () => {
    expect(["free", "basic", "premium", "beta"].map((t) => formatBytes(storageQuota(t as "free")))).toEqual([
      "100 MB",
      "2 GB",
      "20 GB",
      "20 GB",
    ]);
  });

  it("refuses past the quota naming the plan, the quota, what is in use and the upgrade page", () => {
    const error = storageLimitReached("free", 99 * 1024 * 1024, 3 * 1024 * 1024);
    expect(error.code).toBe("plan_limit");
    expect(error.message).toBe(
      "Files on the Free plan hold up to 100 MB; 99 MB are in use, so this 3 MB file does not fit (1 MB left). " +
        "Upgrade to Basic ($19.99/month) for 2 GB on the upgrade page (/upgrade), or remove files you no longer need.",
    );
    expect(error.extra).toMatchObject({ limit: 100 * 1024 * 1024, tier: "free", upgradeUrl: "/upgrade" });
    expect(storageLimitReached("premium", 20 * 1024 ** 3, 10).message).toContain("Remove files you no longer need");
  });
});

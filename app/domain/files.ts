import { AppError, badRequest } from "./errors";
import { nextPlan, PLANS, storageQuota, type Tier } from "./tiers";

/**
 * Files on tasks (ADR 039). Pure: the limits and their words, a file's name and type as kept, which types are
 * refused, how a download is served (inline or attachment, and as what type), sizes in words and each upload or
 * removal in the task's history.
 */

const MB = 1024 * 1024;

/** Bytes one file may hold: 25 MB (a rider, a stage plot, a contract; not a show's video). */
export const FILE_MAX_BYTES = 25 * MB;
/** Files one task may hold, so its list stays one short read. */
export const FILES_PER_TASK_MAX = 100;
/** Characters a file's name may hold. */
export const FILE_NAME_MAX = 200;

export const FILE_TOO_LARGE = `A file can be at most 25 MB. Share a link to bigger files instead.`;
export const FILES_FULL = `A task holds at most ${FILES_PER_TASK_MAX} files. Remove one before adding another.`;

/** "812 bytes", "14 KB", "3.2 MB", "2 GB": sizes as people read them (1 KB is 1,024 bytes). */
export function formatBytes(bytes: number) {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? "byte" : "bytes"}`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = value >= 10 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${rounded} ${units[unit]}`;
}

/** Characters a name cannot carry: controls (a header splitter, a terminal trick) and the bidi overrides. */
function isUnsafeNameChar(char: string) {
  const code = char.codePointAt(0) ?? 0;
  return (
    code < 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  );
}

/**
 * A file's name as kept and shown: its last path segment (a browser on Windows may send `C:\…\rider.pdf`), without
 * control characters, spaces folded, at most FILE_NAME_MAX characters with the extension kept. Never part of a
 * storage key. An empty name is refused.
 */
export function cleanFileName(raw: string) {
  const segment = raw.normalize("NFC").split(/[/\\]/).pop() ?? "";
  const name = Array.from(segment)
    .filter((char) => !isUnsafeNameChar(char))
    .join("")
    .replace(/\s+/g, " ")
    .trim();
  if (name === "" || name === "." || name === "..") {
    throw badRequest("The file needs a name", { name: ["The file needs a name"] });
  }
  if (name.length <= FILE_NAME_MAX) return name;
  const dot = name.lastIndexOf(".");
  const extension = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : "";
  return name.slice(0, FILE_NAME_MAX - extension.length).trimEnd() + extension;
}

/** `type/subtype` of RFC 9110's token characters (linear: two bounded runs). */
const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

/** The declared type as kept: `type/subtype` in lower case without parameters; anything else is unknown bytes. */
export function cleanFileType(raw: string | null | undefined) {
  const type = (raw ?? "").split(";")[0].trim().toLowerCase();
  return MEDIA_TYPE.test(type) ? type : "application/octet-stream";
}

/**
 * Programs and scripts that run when opened on Windows or macOS. A task's files are opened by teammates on trust,
 * so these are refused by extension or declared type; anything else is kept as bytes and never run by us.
 */
const PROGRAM_EXTENSIONS = new Set([
  "exe",
  "msi",
  "msix",
  "msp",
  "bat",
  "cmd",
  "com",
  "scr",
  "pif",
  "cpl",
  "dll",
  "ps1",
  "psm1",
  "vbs",
  "vbe",
  "jse",
  "wsf",
  "wsh",
  "hta",
  "msc",
  "lnk",
  "reg",
  "app",
  "pkg",
  "command",
]);
const PROGRAM_TYPES = new Set([
  "application/x-msdownload",
  "application/x-msdos-program",
  "application/x-ms-installer",
  "application/x-msi",
  "application/x-dosexec",
  "application/vnd.microsoft.portable-executable",
  "application/x-ms-shortcut",
  "application/hta",
]);

/** The extension of a name, lower case, without the dot ("" when it has none). */
export function extensionOf(name: string) {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
}

/** Refuses (415) a program or script: the message names what it is and what to do instead. */
export function assertAcceptedType(name: string, type: string) {
  const extension = extensionOf(name);
  if (PROGRAM_EXTENSIONS.has(extension) || PROGRAM_TYPES.has(type)) {
    const what = PROGRAM_EXTENSIONS.has(extension) ? `.${extension} files` : "Programs";
    throw new AppError(
      "unsupported_media_type",
      `${what} cannot be attached: programs and scripts could harm whoever opens them. Put it in a zip archive, or share a link instead.`,
      { title: "File Type Not Accepted" },
    );
  }
}

/** What an upload says about itself, checked and cleaned: its name, type and size. */
export function checkUpload(input: { name: string; type?: string | null; size: number }) {
  const name = cleanFileName(input.name);
  const type = cleanFileType(input.type);
  if (!Number.isSafeInteger(input.size) || input.size < 0)
    throw badRequest("The file's size is missing or not a number");
  if (input.size === 0) throw badRequest("The file is empty", { file: ["The file is empty"] });
  if (input.size > FILE_MAX_BYTES)
    throw new AppError("too_large", FILE_TOO_LARGE, { title: "File Too Large", limit: FILE_MAX_BYTES });
  assertAcceptedType(name, type);
  return { name, type, size: input.size };
}

/** Images a browser shows without running anything: these alone may be served inline (thumbnails, `?inline=1`). */
const INLINE_IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);

export const isInlineImage = (type: string) => INLINE_IMAGE_TYPES.has(type);

/**
 * The Content-Type a download is sent with: the declared one, except types a browser would render as a document or
 * run (HTML, XML, SVG, scripts), which go as plain bytes whatever else protects them.
 */
export function servedType(type: string) {
  if (isInlineImage(type)) return type;
  return /html|xml|svg|script/.test(type) ? "application/octet-stream" : type;
}

/** Whether a download may be shown in the page: an image of a safe type, when asked for. */
export const servedInline = (type: string, inlineAsked: boolean) => inlineAsked && isInlineImage(type);

/**
 * A Content-Disposition for a stored name (RFC 6266): an ASCII `filename` with anything risky replaced, and the
 * exact name as RFC 8187 `filename*` (percent-encoded UTF-8), which every current browser prefers.
 */
export function contentDisposition(name: string, inline: boolean) {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%;]/g, "_");
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${inline ? "inline" : "attachment"}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** A file's entry in its task's history (ADR 039): `{file: [before, after]}`, null before an upload, after a removal. */
export type FileChange = { file: [{ name: string } | null, { name: string } | null] };

export const fileChange = (before: { name: string } | null, after: { name: string } | null): FileChange => ({
  file: [before ? { name: before.name } : null, after ? { name: after.name } : null],
});

/** The change in words: "Attached “rider.pdf”", "Removed the file “rider.pdf”". */
export function describeFileChange(change: FileChange) {
  const [before, after] = change.file ?? [null, null];
  if (after) return `Attached “${after.name}”`;
  if (before) return `Removed the file “${before.name}”`;
  return "Changed the files";
}

/** Plans as messages name them ("the Free plan"); beta is every demo account's. */
const TIER_NAMES: Record<Tier, string> = {
  free: "Free",
  basic: PLANS.basic.name,
  premium: PLANS.premium.name,
  beta: "Beta",
};

/** The upgrade page, which lists each plan's storage. */
export const UPGRADE_PATH = "/upgrade";

/**
 * The 402 of an upload past the plan's storage (`{error, limit, used, tier, upgradeUrl}`): the plan, its quota, what
 * is in use, and the plan that holds more with the page to choose it on.
 */
export function storageLimitReached(tier: Tier, used: number, size: number) {
  const limit = storageQuota(tier);
  const next = nextPlan(tier);
  const room = Math.max(0, limit - used);
  const upgrade = next
    ? ` Upgrade to ${PLANS[next].name} (${PLANS[next].monthlyPrice}/month) for ${formatBytes(storageQuota(next))} on the upgrade page (${UPGRADE_PATH}), or remove files you no longer need.`
    : " Remove files you no longer need to make room.";
  const message =
    `Files on the ${TIER_NAMES[tier]} plan hold up to ${formatBytes(limit)}; ${formatBytes(used)} are in use, ` +
    `so this ${formatBytes(size)} file does not fit (${formatBytes(room)} left).${upgrade}`;
  return new AppError("plan_limit", message, { title: "Storage Full", limit, used, tier, upgradeUrl: UPGRADE_PATH });
}

/**
 * Splits pasted text into task lines: one task per line or bullet (`-`, `*`, `•`, `1.`, `1)`, `[ ]`,
 * `- [ ]` …); blank lines and dividers are skipped. Two shapes producers paste are understood too:
 * a short line ending in ":" (or a markdown heading) above a list is a heading whose date, category and
 * priority apply to the tasks under it, and an indented plain line under a bullet is that task's note.
 */

export interface TaskLine {
  /** The task's text without its bullet. */
  text: string;
  /** Indented notes under a bulleted task. */
  notes: string[];
  /** The heading the task sits under, if any. */
  heading: string | null;
}

const BULLET_RE =
  /^(\s*)(?:(?:[-*+–—·▪◦‣○●►▶✓✔☐☑✅]|\d{1,3}[.)]|\(\d{1,3}\))\s+|•\s*)*(?:\[[ xX✓]?\]\s*)?/u;
const DIVIDER_RE = /^[\s\-–—_=*~#.•]*$/u;
const MARKDOWN_HEADING_OPEN_RE = /^\s*#{1,6}\s+/u;
const LINE_BREAK_RE = /[\n\r\u2028\u2029]/u;
const BOLD_HEADING_RE = /^\s*(?:\*\*|__)(.+?)(?:\*\*|__):?\s*$/u;
const COLON_HEADING_RE = /^\s*([^:]{1,60}):\s*$/u;
const INLINE_BULLET_RE = /(?<!\s)\s+•\s+/u;

/**
 * "## Friday ##" → "Friday". Trimmed by hand: as one pattern (`(.+?)\s*#*\s*$`) the lazy text and the
 * space runs around the closing hashes shared characters, and a long line of spaces took seconds.
 */
function markdownHeading(line: string): string | null {
  const open = MARKDOWN_HEADING_OPEN_RE.exec(line);
  if (!open) return null;
  const text = line.slice(open[0].length).trimEnd();
  let end = text.length;
  while (end > 0 && text[end - 1] === "#") end--;
  const heading = text.slice(0, end).trimEnd();
  return heading && !LINE_BREAK_RE.test(heading) ? heading : null;
}

function headingOf(line: string, isLastLine: boolean): string | null {
  if (isLastLine) return null;
  const heading =
    markdownHeading(line) ?? (BOLD_HEADING_RE.exec(line) ?? COLON_HEADING_RE.exec(line))?.[1].trim() ?? null;
  if (heading === null) return null;
  return heading.split(/\s+/).length <= 6 ? heading : null;
}

export function splitTaskLines(input: string): TaskLine[] {
  const lines = input.replace(/\r\n?/g, "\n").split("\n");
  const lastContent = lines.reduce((last, l, i) => (DIVIDER_RE.test(l) ? last : i), -1);
  const tasks: TaskLine[] = [];
  let heading: string | null = null;
  let previousBulletIndent: number | null = null;

  lines.forEach((raw, i) => {
    if (DIVIDER_RE.test(raw)) return;
    const bullet = BULLET_RE.exec(raw)!;
    const indent = bullet[1].replace(/\t/g, "    ").length;
    const hasBullet = bullet[0].length > bullet[1].length;
    const body = raw.slice(bullet[0].length).trim();
    if (!body) return;

    if (!hasBullet) {
      const h = headingOf(raw, i === lastContent);
      if (h !== null) {
        heading = h;
        previousBulletIndent = null;
        return;
      }
      const current = tasks[tasks.length - 1];
      if (current && previousBulletIndent !== null && indent > previousBulletIndent) {
        current.notes.push(body);
        return;
      }
    }
    previousBulletIndent = hasBullet ? indent : null;
    for (const part of body.split(INLINE_BULLET_RE)) {
      // Runs of spaces carry no meaning and would only slow the rules down.
      const text = part.replace(/^•\s*/u, "").replace(/\s+/g, " ").trim();
      if (text) tasks.push({ text, notes: [], heading });
    }
  });
  return tasks;
}

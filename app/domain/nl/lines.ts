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
  /^(\s*)(?:(?:[-*+–—•·▪◦‣○●►▶✓✔☐☑✅]|\d{1,3}[.)]|\(\d{1,3}\))\s+|•\s*)*(?:\[[ xX✓]?\]\s*)?/u;
const DIVIDER_RE = /^[\s\-–—_=*~#.•]*$/u;
const MARKDOWN_HEADING_RE = /^\s*#{1,6}\s+(.+?)\s*#*\s*$/u;
const BOLD_HEADING_RE = /^\s*(?:\*\*|__)(.+?)(?:\*\*|__):?\s*$/u;
const COLON_HEADING_RE = /^\s*([^:]{1,60}):\s*$/u;
const INLINE_BULLET_RE = /\s+•\s+/u;

function headingOf(line: string, isLastLine: boolean): string | null {
  if (isLastLine) return null;
  const m = MARKDOWN_HEADING_RE.exec(line) ?? BOLD_HEADING_RE.exec(line) ?? COLON_HEADING_RE.exec(line);
  if (!m) return null;
  return m[1].trim().split(/\s+/).length <= 6 ? m[1].trim() : null;
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

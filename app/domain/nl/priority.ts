import type { Priority } from "../tasks";
import type { LineText } from "./line-text";
import { CODE_LEVEL, LEVEL, RULES, type PriorityRule } from "./vocabulary/priority";

/**
 * Priority from words and marks. The mapping (p-codes as the issue fixes them, the rest our choice):
 * - critical: p0/p1, urgent, critical, blocker, showstopper, emergency (as a flag), top/highest priority,
 *   `!!!` or more, 🚨
 * - high: p2, ASAP / as soon as possible, important (as a flag, not "important guests"), high priority,
 *   priority (as a flag), time-sensitive, `!!`
 * - medium: p3, medium / normal priority
 * - low: p4/p5, low priority, nice to have, whenever, no rush / no hurry, not urgent, if time permits,
 *   when you get a chance, someday, optional, backlog
 * An explicit code or "priority: x" beats loose words; otherwise the most severe word wins.
 * Everything matched leaves the title. The phrases are in vocabulary/priority.ts.
 */

const SEVERITY: Record<Priority, number> = { low: 0, medium: 1, high: 2, critical: 3 };

function ruleLevel(rule: PriorityRule, match: RegExpExecArray): Priority {
  if (rule.priority === "code") return CODE_LEVEL[Number(match[1])];
  if (rule.priority === "level") return LEVEL[match[1].toLowerCase()];
  return rule.priority;
}

/** Reads and removes every priority phrase in the line; medium when there is none. */
export function extractPriority(line: LineText): Priority {
  let explicit: Priority | null = null;
  let loose: Priority | null = null;
  for (const r of RULES) {
    r.re.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = r.re.exec(line.text))) {
      const level = ruleLevel(r, m);
      if (r.explicit) explicit ??= level;
      else if (!loose || SEVERITY[level] > SEVERITY[loose]) loose = level;
      line.remove(m.index, m.index + m[0].length);
    }
  }
  return explicit ?? trailingLevel(line) ?? loose ?? "medium";
}

/** A level word, with a full stop or an exclamation mark after it. */
const LEVEL_WORD_RE = /^(critical|high|medium|low)[.!]?$/i;

/**
 * A bare level closing the line after an owner or an estimate, as producers jot them: "Call the caterer @kim
 * high", "Confirm the PA (2h) low". After a plain word it stays text: "Keep the volume low".
 */
function trailingLevel(line: LineText): Priority | null {
  const text = line.text.trimEnd();
  const levelStart = text.lastIndexOf(" ") + 1;
  const level = LEVEL_WORD_RE.exec(text.slice(levelStart));
  const before = text.slice(0, levelStart).trimEnd();
  const word = before.slice(before.lastIndexOf(" ") + 1);
  if (!level || !(word.startsWith("@") || word.endsWith(")") || word.endsWith("]"))) return null;
  line.remove(levelStart, text.length);
  return LEVEL[level[1].toLowerCase()];
}

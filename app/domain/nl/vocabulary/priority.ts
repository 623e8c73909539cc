import type { Priority } from "../../tasks";

/** The priority reader's phrases (see priority.ts), each with the level it gives. */

export interface PriorityRule {
  re: RegExp;
  /** A fixed level, or read from the match: a p-code digit or a level word. */
  priority: Priority | "code" | "level";
  explicit: boolean;
}

export const LEVEL: Record<string, Priority> = {
  critical: "critical", crit: "critical", urgent: "critical", highest: "critical", top: "critical",
  high: "high", hi: "high", important: "high",
  medium: "medium", med: "medium", normal: "medium", mid: "medium", moderate: "medium",
  low: "low", lo: "low", lowest: "low",
};

export const CODE_LEVEL: Priority[] = ["critical", "critical", "high", "medium", "low", "low"];

// Optional wrapping so "(urgent)", "[P1]", "#asap" leave the title whole.
const OPEN = String.raw`(?:[(\[]\s*)?#?`;
const CLOSE = String.raw`(?:\s*[)\]])?`;
const rule = (source: string, priority: PriorityRule["priority"], explicit = false, flags = "giu"): PriorityRule => ({
  // eslint-disable-next-line no-restricted-syntax -- called at module load only; patterns.test.ts lints what it builds
  re: new RegExp(OPEN + source + CLOSE, flags),
  priority,
  explicit,
});

/** Ordered: negations and longer phrases first, so "not urgent" is never read as "urgent". */
export const RULES: PriorityRule[] = [
  rule(String.raw`\bp-?([0-5])\b`, "code", true),
  rule(String.raw`\bprio(?:rity)?(?:\s*[:=#-])?\s*([1-5])\b`, "code", true),
  rule(
    String.raw`\b(?:prio(?:rity)?|pri)(?:\s*[:=-])?\s*(critical|crit|urgent|highest|high|hi|medium|med|normal|moderate|low|lowest|lo)\b`,
    "level",
    true,
  ),
  rule(
    String.raw`\b(critical|crit|urgent|highest|top|high|hi|medium|med|mid|normal|moderate|low|lowest|lo)[\s-]*(?:prio(?:rity)?|pri)\b`,
    "level",
    true,
  ),
  rule(String.raw`[(\[]\s*(critical|high|medium|low)\s*[)\]]`, "level", true),
  rule(String.raw`\b(?:is\s+|it'?s\s+)?(?:not|non)[\s-]+(?:urgent|critical|important|a\s+priority|high\s+priority)\b`, "low"),
  rule(String.raw`\bnice[\s-]+to[\s-]+have\b`, "low"),
  rule(String.raw`\b(?:there'?s\s+)?no\s+(?:rush|hurry|urgency|deadline)\b`, "low"),
  rule(String.raw`\bwhenever(?:\s+(?:you\s+(?:can|get\s+a\s+(?:chance|minute|sec))|possible|there'?s\s+time))?\b`, "low"),
  rule(String.raw`\bif\s+(?:time\s+(?:permits|allows)|(?:you\s+have|there'?s|there\s+is)\s+time|possible)\b`, "low"),
  rule(String.raw`\bwhen\s+(?:you\s+)?(?:get|have)\s+(?:a\s+)?(?:chance|minute|sec|moment|time)\b`, "low"),
  rule(String.raw`\b(?:someday|eventually|at\s+some\s+point|stretch\s+goal|backlog)\b`, "low"),
  rule(String.raw`\boptional\b(?=\s*(?:[:)\],.!-]|$))`, "low"),
  rule(String.raw`(?:#1|number\s+one|no\.?\s*1)\s+priority\b`, "critical"),
  rule(String.raw`\b(?:(?:this|it)\s+is\s+|it'?s\s+|very\s+|super\s+|really\s+|extremely\s+|mission[\s-]+)?(?:urgent(?:ly)?|critical)\b(?!\s+(?:path|mass|thinking|acclaim|infrastructure|care))`, "critical"),
  rule(String.raw`\b(?:blocker|show[\s-]?stopper)\b`, "critical"),
  rule(String.raw`\bemergency\b(?=\s*(?:[:!)\]-]|$))`, "critical"),
  rule(String.raw`🚨`, "critical"),
  rule(String.raw`\ba\.?s\.?a\.?p\b\.?|\bas\s+soon\s+as\s+(?:possible|you\s+can)\b`, "high"),
  rule(String.raw`\btime[\s-]sensitive\b`, "high"),
  rule(String.raw`\b(?:(?:this|it)\s+is\s+|it'?s\s+)?(?:very|super|really|extremely)\s+important\b`, "high"),
  // A bare "important"/"priority" is a flag only where it stands alone ("Important: …", "…, important!").
  rule(String.raw`\b(?:(?:this|it)\s+is\s+|it'?s\s+)?(?:important|priority)\b(?=\s*(?:[:!)\],.-]|$))`, "high"),
  // Shouted, the words are flags wherever they stand ("IMPORTANT confirm the genny").
  rule(String.raw`\b(?:IMPORTANT|PRIORITY)\b`, "high", false, "gu"),
  // A bare level closing the line: "Book the hotel - low".
  rule(String.raw`(?:^|[-–—,|:])\s*(critical|high|medium|low)(?=\s*$)`, "level", true),
  rule(String.raw`(?:!\s*){3,}|‼‼+`, "critical"),
  rule(String.raw`(?:!\s*){2}|‼`, "high"),
];

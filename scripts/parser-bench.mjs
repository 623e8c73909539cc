/**
 * The rules parser's speed, measured in-process (part of `npm run bench`): esbuild bundles
 * app/domain/nl/parse-rules.ts as it ships, then every sentence below is parsed many times on its own and
 * each parse is timed with the high-resolution clock.
 */
import { build } from "esbuild";

/** Event-production phrasings as producers type them: dates, owners, priorities, estimates, categories. */
export const SENTENCES = [
  "Book the shuttle buses for day 1 by Friday @maria",
  "URGENT: confirm generator hire with PowerCo tmrw 10am, owner: Dev (~2h)",
  "- Send press release to media list next Tuesday #marketing p2",
  "Confirm catering headcount with Bella's Kitchen by Thursday 5pm",
  "Dev to confirm AV quote by EOD",
  "Finalize run of show next week, assign to Sam Lee, 1h30",
  "Order 200 chairs for Hall 3 by 3/14",
  "Need wristbands printed before doors on Saturday - high priority",
  "book hotel rooms for the band (3 nights) asap",
  "Call the venue about load-in times on the 15th @jamie",
  "Get the stage plot to the lighting designer by end of week !!",
  "Print 'Friday Night Live' banners, nice to have",
  "Brief security team on evacuation routes 2 days before the show, owner Priya",
  "Sort radio channels for stage managers tomorrow morning p1",
  "Draft sponsor deck for Q3 by the 30th, ~4 hours, #marketing",
  "Test the livestream encoder on Wednesday at 14:00 with @tom (45 min)",
  "Arrange parking passes for crew vans by next Monday",
  "Confirm headliner's rider and green room setup by June 12 @lena",
  "Send final timings to all artists by Thursday noon, critical",
  "Collect signed contracts from caterers this week",
  "Walk the site with the fire officer on the 3rd at 9am",
  "Update the volunteer rota - low priority - 1h",
  "Order extra gaffer tape and cable ties before load-in",
  "Check power distribution for food trucks in the outdoor village by Tue",
  "Rehearse the awards segment Friday 6pm, assign to Jo",
];

const ITERATIONS = 200;
const WARMUP = 20;
// Fixed clock and zone, so runs compare (Monday 10 March 2025, 10:00 New York).
const OPTIONS = {
  now: new Date("2025-03-10T14:00:00Z"),
  timezone: "America/New_York",
  categories: ["infrastructure", "marketing", "content", "production", "logistics"],
};

/** The value at percentile `p` (0–100) of sorted samples, nearest rank. */
const percentile = (sorted, p) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];

/** Mean, median and 99th percentile of a list of durations. */
export function summarize(samples) {
  if (samples.length === 0) throw new Error("no samples");
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = sorted.reduce((sum, v) => sum + v, 0) / sorted.length;
  return { mean, p50: percentile(sorted, 50), p99: percentile(sorted, 99), count: sorted.length };
}

async function loadParser() {
  const result = await build({
    entryPoints: [new URL("../app/domain/nl/parse-rules.ts", import.meta.url).pathname],
    bundle: true,
    format: "esm",
    platform: "neutral",
    mainFields: ["module", "main"],
    write: false,
    logLevel: "silent",
  });
  const source = result.outputFiles[0].text;
  return import(`data:text/javascript;base64,${Buffer.from(source).toString("base64")}`);
}

/** Times `parseTasksWithRules` per sentence; returns microseconds (mean, p50, p99) over every parse. */
export async function benchRulesParser() {
  const { parseTasksWithRules } = await loadParser();
  for (let i = 0; i < WARMUP; i++) for (const s of SENTENCES) parseTasksWithRules(s, OPTIONS);
  const samples = [];
  for (let i = 0; i < ITERATIONS; i++) {
    for (const sentence of SENTENCES) {
      const start = process.hrtime.bigint();
      parseTasksWithRules(sentence, OPTIONS);
      samples.push(Number(process.hrtime.bigint() - start) / 1000);
    }
  }
  return { ...summarize(samples), sentences: SENTENCES.length, iterations: ITERATIONS };
}

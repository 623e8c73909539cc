/**
 * The bench's settings from its command line and environment (flags win over the environment):
 *   --quick                 1 s loads, 100 tasks only, 5 live writes: proves the harness works, not a measurement
 *   --sizes=100,1000,5000   task counts to grow each workspace to, in order (BENCH_SIZES)
 *   --workspaces=N          N workspaces driven at once, requests spread round-robin (BENCH_WORKSPACES)
 *   --seconds=S             load per route (BENCH_SECONDS), --connections=C (BENCH_CONNECTIONS)
 *   --rounds=N              N loads per route at each size, round-robin over the routes, reported as their median
 *                           with the ratio's range (each round against its own baseline) (BENCH_ROUNDS)
 *   --parser-only           only the in-process rules parser timing
 *   --no-live               skip the live-updates timing
 *   --no-browser            skip Chromium's count of the JavaScript a visitor loads (the manifest's figures stay)
 *   --js-only               only the JavaScript: the manifest's figures and Chromium's count, each file listed (no load,
 *                           no seeding, no live timing)
 *   --routes=/tasks,/api/status  only these routes (and the baseline, which the ratios need) (BENCH_ROUTES)
 *   --profile               after each route's load, a second load under workerd's CPU profiler (under "team at work"
 *                           too, with the teammate writing): CPU ms per request
 *                           and the functions that take it (profiles in .wrangler/profiles/)
 *   --team-only             only the "team at work" loads: the goal routes while another client changes a task every
 *                           250 ms, at 1,000 and 5,000 tasks unless --sizes says otherwise (no live timing, no JavaScript)
 *   --no-team               a full run without them (by default they follow the idle loads at each size from 1,000)
 *   --write-every=MS        the teammate's pace under "team at work" (BENCH_WRITE_EVERY), 250 by default
 */

export const DEFAULT_SIZES = [100, 1000, 5000];
/** The sizes of a `--team-only` run, and the smallest a full run measures "team at work" at. */
export const TEAM_SIZES = [1000, 5000];
export const DEFAULT_WRITE_EVERY_MS = 250;
/** Demo signups are limited to 60 a minute per address (wrangler.toml); the live timing signs up 9 more. */
export const MAX_WORKSPACES = 40;

function positiveInt(value, what) {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${what} must be a positive whole number, not "${value}"`);
  return n;
}

/** `100,1000,5000` (underscores allowed: `1_000`) → ascending, distinct task counts. */
export function parseSizes(text) {
  const sizes = String(text)
    .split(",")
    .map((s) => s.trim().replaceAll("_", ""))
    .filter(Boolean)
    .map((s) => positiveInt(s, "a size"));
  if (sizes.length === 0) throw new Error("--sizes needs at least one task count");
  return [...new Set(sizes)].sort((a, b) => a - b);
}

/** `/tasks, /api/status` → the route paths to measure (as written in the bench's route table, query included). */
export function parseRoutes(text) {
  const routes = String(text)
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (routes.length === 0 || routes.some((r) => !r.startsWith("/"))) throw new Error(`--routes takes paths such as /tasks, not "${text}"`);
  return [...new Set(routes)];
}

function teamSizesOf(sizes, teamOnly) {
  if (teamOnly) return sizes;
  const large = sizes.filter((size) => size >= TEAM_SIZES[0]);
  return large.length > 0 ? large : sizes.slice(-1);
}

/** `argv` is process.argv.slice(2), `env` process.env. */
export function parseBenchOptions(argv, env = {}) {
  const flags = new Map();
  for (const arg of argv) {
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (!match) throw new Error(`unknown argument "${arg}"`);
    flags.set(match[1], match[2] ?? true);
  }
  const known = [
    "quick",
    "sizes",
    "workspaces",
    "seconds",
    "connections",
    "rounds",
    "parser-only",
    "no-live",
    "no-browser",
    "js-only",
    "routes",
    "profile",
    "team-only",
    "no-team",
    "write-every",
  ];
  for (const name of flags.keys()) if (!known.includes(name)) throw new Error(`unknown flag --${name}`);
  const setting = (flag, envName) => (flags.has(flag) ? flags.get(flag) : env[envName] || undefined);

  const quick = flags.get("quick") === true || env.BENCH_QUICK === "1";
  const sizesText = setting("sizes", "BENCH_SIZES");
  const workspacesText = setting("workspaces", "BENCH_WORKSPACES");
  const secondsText = setting("seconds", "BENCH_SECONDS");
  const connectionsText = setting("connections", "BENCH_CONNECTIONS");
  const routesText = setting("routes", "BENCH_ROUTES");
  const roundsText = setting("rounds", "BENCH_ROUNDS");
  const writeEveryText = setting("write-every", "BENCH_WRITE_EVERY");
  const teamOnly = flags.get("team-only") === true;
  if (teamOnly && flags.get("no-team") === true) throw new Error("--team-only and --no-team contradict each other");
  if (teamOnly && flags.get("js-only") === true) throw new Error("--team-only and --js-only contradict each other");
  const workspaces = workspacesText === undefined ? 1 : positiveInt(workspacesText, "--workspaces");
  if (workspaces > MAX_WORKSPACES) throw new Error(`--workspaces is at most ${MAX_WORKSPACES} (demo signup limit)`);
  const sizes = sizesText === undefined ? (teamOnly ? TEAM_SIZES : quick ? [100] : DEFAULT_SIZES) : parseSizes(sizesText);
  return {
    quick,
    parserOnly: flags.get("parser-only") === true,
    jsOnly: flags.get("js-only") === true,
    live: flags.get("no-live") !== true,
    browser: flags.get("no-browser") !== true,
    sizes,
    workspaces,
    loadSeconds: secondsText === undefined ? (quick ? 1 : 5) : positiveInt(secondsText, "--seconds"),
    connections: connectionsText === undefined ? 10 : positiveInt(connectionsText, "--connections"),
    rounds: roundsText === undefined ? 1 : positiveInt(roundsText, "--rounds"),
    routes: routesText === undefined ? null : parseRoutes(routesText),
    profile: flags.get("profile") === true,
    teamOnly,
    /** The sizes measured "team at work": every size of a `--team-only` run; else those from 1,000 (or the largest). */
    teamSizes: flags.get("no-team") === true ? [] : teamSizesOf(sizes, teamOnly),
    writeEveryMs: writeEveryText === undefined ? DEFAULT_WRITE_EVERY_MS : positiveInt(writeEveryText, "--write-every"),
    /** Sequential requests per route for the single-request time and the D1 headers. */
    singleSamples: quick ? 3 : 10,
    liveWrites: quick ? 5 : 30,
  };
}

/**
 * `npm run bench`: serves the built app with wrangler on a fresh local D1 and measures how each route's cost
 * grows with the workspace (issue 15). One workspace (or N with `--workspaces=N`) is grown to each size in turn
 * (100, 1,000, 5,000 tasks by default): the first 100 tasks go through `POST /api/tasks`, the rest straight into
 * the local D1 with `wrangler d1 execute` (the API's create limit, 300 a minute per user, would take 17 minutes
 * for 5,000), and the last task of each size through the API again, so whatever the app keeps per workspace
 * version sees a write. At each size every route gets sequential single requests (time, body size, the D1 figures
 * its `Server-Timing` carries) and then an autocannon load, its req/s read against `/api/auth/user`'s 401 (the
 * Worker with no data work). Then the client JavaScript per page and for landing → signup → dashboard, and the
 * live-update delivery time over 100 WebSockets. First it times the rules parser in-process
 * (scripts/parser-bench.mjs). From 1,000 tasks a "team at work" follows the idle loads: the goal routes loaded again
 * while another client changes a task every 250 ms (so the plan and lists are made again as they would be for a
 * working team), their ratio to the 401 measured under the same writes and checked against the goals, then a
 * conditional GET of an unchanged list, which should answer 304. Options: scripts/bench-options.mjs; results and
 * how to read them: docs/benchmarks.md; the figures also go to bench-results.json.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { parseBenchOptions } from "./bench-options.mjs";
import { combineRounds, median } from "./bench-rounds.mjs";
import { CHAIN_LENGTH, dependsOnIndex, newId, seedSql, workspaceTasks } from "./bench-seed.mjs";
import { clientJsFor, journeyJs, parseRemixManifest, routeIdForUrl, routeUrlPath } from "./client-js.mjs";
import { measureBrowserJs } from "./browser-js.mjs";
import { chromiumLaunchOptions } from "./chromium.mjs";
import { benchRulesParser } from "./parser-bench.mjs";
import { d1Stats, meanOf } from "./server-timing.mjs";
import { connectInspector, groupCpuMs, groupLargestRssMb, startProfile, stopProfile, summarizeProfile } from "./cpu-profile.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 8797);
const BASE_URL = `http://127.0.0.1:${PORT}`;
/** workerd's V8 inspector, through wrangler dev, for `--profile`. */
const INSPECTOR_PORT = Number(process.env.BENCH_INSPECTOR_PORT ?? PORT + 10);
const PROFILE_DIR = ".wrangler/profiles";
/** Functions listed per route under `--profile`. */
const PROFILE_TOP = 12;
const STATE_DIR = ".wrangler/bench-state";
const SEED_FILE = ".wrangler/bench-seed.sql";
const RESULTS_FILE = "bench-results.json";
const WRANGLER = "node_modules/wrangler/bin/wrangler.js";
/** Tasks created through the API before the rest go in by SQL: well under the 300-a-minute create limit. */
const API_SEED_MAX = 100;
const SEED_CONCURRENCY = 8;
const CLIENT_DIR = "build/client";
const LIVE_SOCKETS = 100;
/** MAX_CONNECTIONS_PER_PERSON in app/domain/live.ts. */
const SOCKETS_PER_PERSON = 10;
/** The pages a new visitor walks through; signing up is the landing page's form, which lands on the dashboard. */
const JOURNEY = ["/landing", "/dashboard"];

/**
 * What is measured at each size. `/api/auth/user` without a session is the ratio's baseline (the issue's:
 * the Worker, routing and a 401, no data work); `/api/health` is the same with no auth at all.
 */
const ALL_ROUTES = [
  { path: "/api/health", note: "no auth, no D1" },
  { path: "/api/auth/user", anonymous: true, expect: 401, baseline: true, note: "401 without a session: the baseline" },
  { path: "/api/status", note: "stat counts" },
  { path: "/api/tasks?limit=100", note: "first 100 tasks" },
  { path: "/api/tasks", exempt: true, note: "full export (exempt from flat cost)" },
  { path: "/dashboard", note: "page" },
  { path: "/tasks", note: "page, first 60 cards" },
  { path: "/analytics", note: "page" },
  { path: "/api/plan", note: "critical path" },
  { path: "/api/risks", note: "risks" },
];

/**
 * The "team at work" goals (issue 31): each route's req/s over the 401's, both measured while a teammate writes.
 * The routes measured in that mode are these and the baseline.
 */
const TEAM_GOALS = {
  "/api/status": 0.5,
  "/api/tasks?limit=100": 0.4,
  "/dashboard": 0.3,
  "/tasks": 0.25,
  "/analytics": 0.3,
};
/** The list whose unchanged answer a conditional GET should find unchanged (304). */
const CONDITIONAL_PATH = "/api/tasks?limit=100";

let options;
try {
  options = parseBenchOptions(process.argv.slice(2), process.env);
} catch (error) {
  console.error(`bench: ${error instanceof Error ? error.message : error}`);
  process.exit(2);
}
const unknownRoutes = (options.routes ?? []).filter((path) => !ALL_ROUTES.some((r) => r.path === path));
if (unknownRoutes.length > 0) {
  console.error(`bench: no route ${unknownRoutes.join(", ")}; the routes are ${ALL_ROUTES.map((r) => r.path).join(", ")}`);
  process.exit(2);
}
/** The routes measured: all, or those `--routes` names and the baseline the ratios divide by. */
const ROUTES = ALL_ROUTES.filter((r) => !options.routes || r.baseline || options.routes.includes(r.path));
const TEAM_ROUTES = ROUTES.filter((r) => r.baseline || r.path in TEAM_GOALS);

// Wrangler refuses Node < 22.12; `npm run bench` puts the project's Node 22 first on PATH.
if (Number(process.versions.node.split(".")[0]) < 22) {
  console.error(`Node ${process.versions.node} is too old for wrangler: run this through \`npm run bench\`.`);
  process.exit(1);
}

// NODE_ENV: wrangler dev bundles the Worker with process.env.NODE_ENV "development" unless told otherwise, which
// puts React's development build (prop checks, warnings) behind every server render; deploy bundles "production".
// The bench measures what Cloudflare runs, so production unless the caller sets it (BENCH with NODE_ENV=development
// to see the difference).
const serverEnv = {
  ...process.env,
  NODE_ENV: process.env.NODE_ENV ?? "production",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_SEND_METRICS: "false",
};
/** The last lines `wrangler dev` printed, shown only when something fails. */
const serverLog = [];
let server = null;

function remember(chunk) {
  serverLog.push(...chunk.toString().split("\n").filter(Boolean));
  serverLog.splice(0, Math.max(0, serverLog.length - 40));
}

function runWrangler(args) {
  return new Promise((resolve, reject) => {
    // Its output is shown only if it fails, apart from the server's (`serverLog`), which a failure must show.
    const output = [];
    const child = spawn(process.execPath, [WRANGLER, ...args], { env: serverEnv, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code === 0) return resolve();
      const tail = Buffer.concat(output).toString().split("\n").filter(Boolean).slice(-40).join("\n");
      reject(new Error(`wrangler ${args.slice(0, 2).join(" ")} exited with ${code}:\n${tail}`));
    });
  });
}

async function isServing() {
  try {
    await fetch(`${BASE_URL}/api/health`, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

/** How long wrangler dev may take to answer: a minute on an idle machine, but machines shared with others take longer. */
const START_TIMEOUT_MS = 180_000;

/** Starts wrangler dev on a fresh D1, or with `keepState` on the D1 (and sessions) it had. */
async function startServer({ keepState = false } = {}) {
  if (await isServing()) throw new Error(`port ${PORT} is already in use; set BENCH_PORT to a free port`);
  if (!keepState) {
    rmSync(STATE_DIR, { recursive: true, force: true });
    await runWrangler(["d1", "migrations", "apply", "DB", "--local", "--persist-to", STATE_DIR]);
  }
  // Its own process group (setsid) so the whole tree, workerd included, can be stopped together;
  // request logging off so printing 10,000s of log lines does not compete with the Worker for CPU.
  server = spawn(
    process.execPath,
    [
      WRANGLER, "dev", "--ip", "127.0.0.1", "--port", String(PORT), "--persist-to", STATE_DIR, "--log-level", "warn",
      "--show-interactive-dev-session=false", ...(options.profile ? ["--inspector-port", String(INSPECTOR_PORT)] : []),
    ],
    { env: serverEnv, detached: true, stdio: ["ignore", "pipe", "pipe"] },
  );
  server.stdout.on("data", remember);
  server.stderr.on("data", remember);
  const exited = new Promise((resolve) => server.once("exit", resolve));
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const code = await Promise.race([exited, sleep(250, "waiting")]);
    if (code !== "waiting") throw new Error(`wrangler dev exited with ${code}`);
    if (await isServing()) return;
  }
  throw new Error(`wrangler dev did not answer within ${START_TIMEOUT_MS / 1000} s`);
}

function serverExited() {
  return server.exitCode !== null || server.signalCode !== null;
}

async function stopServer() {
  if (!server || serverExited()) return;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {
    return;
  }
  if ((await Promise.race([exited, sleep(5000, "timeout")])) === "timeout") {
    try {
      process.kill(-server.pid, "SIGKILL");
    } catch {
      // Already gone between the check and the kill.
    }
  }
}

async function signUp(name, email) {
  const res = await fetch(`${BASE_URL}/api/demo/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name, email, marketingOptIn: false }),
  });
  if (res.status !== 201) throw new Error(`demo signup answered ${res.status}: ${await res.text()}`);
  const { token, user } = await res.json();
  const cookie = res.headers.get("set-cookie")?.split(";")[0];
  if (!token || !cookie) throw new Error("demo signup returned no token or session cookie");
  return { token, cookie, userId: user?.id };
}

/** A demo account with its own workspace and the generator of its tasks; `taskIds[i]` is task i's id once made. */
async function newWorkspace(n) {
  const account = await signUp(`Bench Producer ${n + 1}`, `bench-${n + 1}@example.com`);
  const res = await fetch(`${BASE_URL}/api/workspace`, { headers: { cookie: account.cookie } });
  if (!res.ok) throw new Error(`/api/workspace answered ${res.status}`);
  const { id } = await res.json();
  // Every workspace gets the same mix of tasks, as the issue's "one workspace" figures assume.
  return { ...account, workspaceId: id, task: workspaceTasks(20_260_514), taskIds: [] };
}

/**
 * POSTs one task and returns its id, retrying the transient "Network connection lost" failures of wrangler
 * 4.124's local proxy (cloudflare/workers-sdk#15002, #15451), which clear within a couple of seconds. A 409 on a
 * retry means the failed attempt did land: its `duplicateOf` is the task.
 */
async function createTask(token, task) {
  for (let attempt = 1; ; attempt++) {
    let status = 0;
    let body = "";
    try {
      const res = await fetch(`${BASE_URL}/api/tasks`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-demo-token": token },
        body: JSON.stringify(task),
      });
      status = res.status;
      body = await res.text();
    } catch (error) {
      body = error instanceof Error ? error.message : String(error);
    }
    if (status === 201) return JSON.parse(body).id;
    if (attempt > 1 && status === 409) return JSON.parse(body).duplicateOf?.id;
    const transient = status === 0 || (status === 500 && body.includes("Network connection lost"));
    if (!transient || attempt === 6 || serverExited()) {
      throw new Error(`creating "${task.title}" answered ${status || "no response"}: ${body.slice(0, 300)}`);
    }
    await sleep(500 * attempt);
  }
}

/** Creates task `i` of a workspace through the API, after the task it depends on. */
async function createThroughApi(ws, i) {
  const dependsOn = dependsOnIndex(i);
  const body = { ...ws.task(i), ...(dependsOn === null ? {} : { dependsOn: [ws.taskIds[dependsOn]] }) };
  ws.taskIds[i] = await createTask(ws.token, body);
}

/**
 * Grows every workspace to `target` tasks: up to API_SEED_MAX through the API (whole chains per worker, so a
 * task's dependency exists before it), the rest but one by SQL into the local D1 (one `wrangler d1 execute` for
 * all workspaces), and the last one through the API.
 */
async function growWorkspaces(workspaces, target) {
  const jobs = [];
  for (const ws of workspaces) {
    const apiEnd = Math.min(target, API_SEED_MAX);
    for (let chain = Math.floor(ws.taskIds.length / CHAIN_LENGTH) * CHAIN_LENGTH; chain < apiEnd; chain += CHAIN_LENGTH) {
      const from = Math.max(chain, ws.taskIds.length);
      const to = Math.min(chain + CHAIN_LENGTH, apiEnd);
      jobs.push(async () => {
        for (let i = from; i < to; i++) await createThroughApi(ws, i);
      });
    }
  }
  let next = 0;
  await Promise.all(
    Array.from({ length: SEED_CONCURRENCY }, async () => {
      while (next < jobs.length) await jobs[next++]();
    }),
  );

  const rows = [];
  for (const ws of workspaces) {
    const from = ws.taskIds.length;
    const to = target - 1;
    // In the past and a millisecond apart, so they sort in creation order before the API's last task.
    const base = Date.now() - (to - from) - 1000;
    for (let i = from; i < to; i++) {
      ws.taskIds[i] = newId();
      const dependsOn = dependsOnIndex(i);
      rows.push({
        id: ws.taskIds[i],
        workspaceId: ws.workspaceId,
        userId: ws.userId,
        task: ws.task(i),
        createdAt: new Date(base + (i - from)),
        dependsOnId: dependsOn === null ? null : ws.taskIds[dependsOn],
      });
    }
  }
  if (rows.length > 0) {
    mkdirSync(".wrangler", { recursive: true });
    writeFileSync(SEED_FILE, seedSql(rows));
    await runWrangler(["d1", "execute", "DB", "--local", "--persist-to", STATE_DIR, "--file", SEED_FILE]);
  }
  await Promise.all(workspaces.filter((ws) => ws.taskIds.length < target).map((ws) => createThroughApi(ws, target - 1)));
  return rows.length;
}

async function countTasks(cookie) {
  const res = await fetch(`${BASE_URL}/api/status`, { headers: { cookie } });
  if (!res.ok) throw new Error(`/api/status answered ${res.status}`);
  return (await res.json()).totalTasks;
}

/** Cycles through the workspaces' session cookies: each request goes to the next workspace. */
function roundRobin(workspaces) {
  let next = 0;
  return () => workspaces[next++ % workspaces.length].cookie;
}

/**
 * Sequential requests on an otherwise idle server, round-robin over the workspaces: the median time to the whole
 * body, the body's size (as sent uncompressed, and gzip -6 of it), and the D1 figures the headers carry.
 */
async function singleRequests(route, workspaces) {
  const cookie = roundRobin(workspaces);
  const send = async () => {
    const headers = route.anonymous ? {} : { cookie: cookie() };
    const started = performance.now();
    const res = await fetch(`${BASE_URL}${route.path}`, { headers, redirect: "manual" });
    const body = Buffer.from(await res.arrayBuffer());
    return { ms: performance.now() - started, status: res.status, body, d1: d1Stats(res.headers) };
  };
  // First-request costs (module init, D1 open, a cold workspace) stay out of the figures.
  for (let i = 0; i < Math.max(2, workspaces.length); i++) await send().catch(() => undefined);
  const samples = [];
  for (let i = 0; i < Math.max(options.singleSamples, workspaces.length); i++) samples.push(await send());
  const last = samples[samples.length - 1];
  const d1 = samples.map((s) => s.d1);
  return {
    status: last.status,
    singleMs: median(samples.map((s) => s.ms)),
    bodyBytes: Math.round(samples.reduce((sum, s) => sum + s.body.length, 0) / samples.length),
    gzipBytes: gzipSync(last.body).length,
    d1: {
      roundTrips: meanOf(d1, "roundTrips"),
      queries: meanOf(d1, "queries"),
      rowsRead: meanOf(d1, "rowsRead"),
      durMs: meanOf(d1, "durMs"),
    },
  };
}

/**
 * Local workerd keeps memory it never gives back: measured on this stack (wrangler 4.124), an empty Worker's workerd
 * grows by about 10 KB per request, 25–30 KB with a D1 call, and this app's by 30–240 KB (more for larger pages);
 * past 500–800 MB the process ended without a word, part-way through long runs (`--rounds`, five-second loads of
 * every route at three sizes). So before a route's single requests and before each load, a server grown past this
 * (well below that: one five-second load of `/tasks` adds some 130 MB) is restarted on the same D1 (the workspaces
 * and their sessions stay) and warmed up on the route.
 */
const RESTART_RSS_MB = 250;

async function restartIfGrown(route, workspaces) {
  const rss = groupLargestRssMb(server.pid, "workerd");
  if (rss === null || rss < RESTART_RSS_MB) return;
  process.stdout.write(`(workerd at ${rss.toFixed(0)} MB: restarting it on the same D1) `);
  await stopServer();
  await startServer({ keepState: true });
  // A second of the route's load, unmeasured, so the new isolate has compiled what the measured load runs.
  if (route) await autocannon({ url: BASE_URL, requests: [requestFor(route, workspaces)], connections: options.connections, duration: 1 });
}

/** One request of the route, each to the next workspace in turn. */
function requestFor(route, workspaces) {
  const cookie = roundRobin(workspaces);
  return route.anonymous
    ? { method: "GET", path: route.path }
    : { method: "GET", path: route.path, setupRequest: (req) => ({ ...req, headers: { ...req.headers, cookie: cookie() } }) };
}

/** Loads the route with autocannon, each request to the next workspace in turn. */
async function load(route, workspaces) {
  const request = requestFor(route, workspaces);
  // CPU the server's processes used during the load: workerd (the Worker and the local D1) and wrangler's Node.
  const cpuBefore = serverCpuMs();
  const result = await autocannon({
    url: BASE_URL,
    requests: [request],
    connections: options.connections,
    duration: options.loadSeconds,
  });
  const cpuAfter = serverCpuMs();
  const perRequest = (before, after) =>
    before === null || after === null || result.requests.total === 0 ? null : (after - before) / result.requests.total;
  const expected = route.expect ?? 200;
  const codes = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count]));
  const unexpected = Object.entries(codes).reduce((sum, [code, count]) => sum + (Number(code) === expected ? 0 : count), 0);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    bad: unexpected + result.errors + result.timeouts,
    codes,
    workerdCpuMs: perRequest(cpuBefore.workerd, cpuAfter.workerd),
    wranglerCpuMs: perRequest(cpuBefore.wrangler, cpuAfter.wrangler),
  };
}

/** CPU ms used so far by the server's workerd and by wrangler's Node process (null without /proc). */
function serverCpuMs() {
  return { workerd: groupCpuMs(server.pid, "workerd"), wrangler: groupCpuMs(server.pid, "node") };
}

function table(headers, rows) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join("  ");
  return [line(headers), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
const orNa = (value, digits = 0) => (typeof value === "number" ? value.toFixed(digits) : "n/a");
const load1 = () => loadavg()[0].toFixed(1);

/**
 * A second load of the route under the CPU profiler (the profiler's own cost stays out of the measured load):
 * the Worker's CPU per request and the functions that take it; the profile is saved for DevTools.
 */
async function profileLoad(route, workspaces, size, { team = false } = {}) {
  await restartIfGrown(route, workspaces);
  const inspector = await connectInspector(INSPECTOR_PORT);
  try {
    await startProfile(inspector);
    const stop = team ? startTeammate(workspaces) : null;
    let loaded;
    try {
      loaded = await load(route, workspaces);
    } finally {
      await stop?.();
    }
    const profile = await stopProfile(inspector);
    mkdirSync(PROFILE_DIR, { recursive: true });
    const name = `${team ? "team-" : ""}${size}-${route.path.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "")}`;
    const file = join(PROFILE_DIR, `${name}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    const summary = summarizeProfile(profile);
    return {
      file,
      requests: loaded.requests,
      cpuMsPerRequest: loaded.requests ? summary.cpuMs / loaded.requests : null,
      self: summary.self.slice(0, PROFILE_TOP).map((f) => ({ ...f, msPerRequest: f.ms / loaded.requests })),
      total: summary.total.slice(0, PROFILE_TOP * 2).map((f) => ({ ...f, msPerRequest: f.ms / loaded.requests })),
    };
  } finally {
    inspector.close();
  }
}

async function measureSize(size, workspaces) {
  const loadBefore = loadavg();
  const singles = new Map();
  const rounds = [];
  for (let round = 1; round <= options.rounds; round += 1) {
    const loads = {};
    for (const route of ROUTES) {
      const of = options.rounds > 1 ? ` (round ${round} of ${options.rounds})` : "";
      if (!singles.has(route.path)) {
        process.stdout.write(`  ${route.path}: single requests, then ${options.loadSeconds} s of load${of} … `);
        await restartIfGrown(route, workspaces);
        singles.set(route.path, await singleRequests(route, workspaces));
      } else process.stdout.write(`  ${route.path}: ${options.loadSeconds} s of load${of} … `);
      await restartIfGrown(route, workspaces);
      loads[route.path] = await load(route, workspaces);
      process.stdout.write(`${loads[route.path].rps.toFixed(0)} req/s\n`);
    }
    rounds.push(loads);
  }
  // Each round's ratios against that round's baseline; one round reports as it always did.
  const baseline = ROUTES.find((route) => route.baseline)?.path;
  const combined = combineRounds(rounds, baseline);
  const routes = ROUTES.map((route) => ({
    path: route.path,
    note: route.note,
    exempt: Boolean(route.exempt),
    expect: route.expect ?? 200,
    ...singles.get(route.path),
    ...combined[route.path],
  }));
  // After every measured load: once the profiler has run, the Worker stays slower (about half again for a page,
  // measured), so profiled loads would spoil any measured after them.
  if (options.profile) {
    for (const r of routes) {
      process.stdout.write(`  ${r.path}: ${options.loadSeconds} s of load under the profiler … `);
      r.profile = await profileLoad(ROUTES.find((route) => route.path === r.path), workspaces, size);
      process.stdout.write(`${orNa(r.profile.cpuMsPerRequest, 2)} CPU ms per request\n`);
    }
  }
  return { size, loadavgBefore: loadBefore, loadavgAfter: loadavg(), routes };
}

function printSize(result, workspaceCount) {
  const each = workspaceCount > 1 ? ` in each of ${workspaceCount} workspaces (requests round-robin)` : "";
  console.log(
    `\n${result.size} tasks${each}; ${options.connections} connections, ${options.loadSeconds} s per route` +
      `${options.rounds > 1 ? ` × ${options.rounds} rounds (medians; each round's ÷401 range in brackets)` : ""}; ` +
      `load average ${result.loadavgBefore[0].toFixed(1)} → ${result.loadavgAfter[0].toFixed(1)} on ${cpus().length} cores.\n`,
  );
  console.log(
    table(
      ["route", "req/s", "n", "÷401", "p50 ms", "p99 ms", "bad", "workerd CPU ms", "node CPU ms", "1 req ms", "body KB", "gzip KB", "D1 trips", "queries", "rows read", "what it is"],
      result.routes.map((r) => [
        r.path,
        r.rps.toFixed(0),
        r.requests,
        options.rounds > 1 && r.ratio !== null
          ? `${r.ratio.toFixed(2)} [${r.ratioMin.toFixed(2)}–${r.ratioMax.toFixed(2)}]`
          : orNa(r.ratio, 2),
        r.p50,
        r.p99,
        r.bad,
        orNa(r.workerdCpuMs, 1),
        orNa(r.wranglerCpuMs, 1),
        orNa(r.singleMs, 1),
        kb(r.bodyBytes),
        kb(r.gzipBytes),
        orNa(r.d1.roundTrips, 1),
        orNa(r.d1.queries, 1),
        orNa(r.d1.rowsRead),
        r.note,
      ]),
    ),
  );
  for (const r of result.routes.filter((r) => r.bad > 0)) {
    const codes = Object.entries(r.codes).map(([code, count]) => `${code}×${count}`).join(" ");
    console.log(`  ! ${r.path}: ${r.bad} of ${r.requests} not ${r.expect} (status codes ${codes || "none"}; the rest errors)`);
  }
  for (const r of result.routes.filter((r) => r.requests === 0)) {
    console.log(`  ! ${r.path}: no response completed within the ${options.loadSeconds} s load; its req/s, p50 and p99 say nothing`);
  }
  for (const r of result.routes.filter((r) => r.profile)) printProfile(r);
}

/** A route's profile: CPU per request, then the functions with the most self time. */
function printProfile(route) {
  const p = route.profile;
  console.log(
    `\n${route.path}: ${orNa(p.cpuMsPerRequest, 2)} CPU ms per request in the Worker (${p.requests} requests profiled; ${p.file})\n`,
  );
  console.log(
    table(
      ["self time", "ms/req", "share"],
      p.self.map((f) => [f.label.slice(0, 90), f.msPerRequest.toFixed(3), `${(f.share * 100).toFixed(1)} %`]),
    ),
  );
}

/**
 * A teammate at work: every `options.writeEveryMs` one PATCH changes a task's estimate (which the plan, the lists and
 * the analytics all read, so each write moves the workspace's version on), in the middle of a workspace, each write
 * to the next workspace. The returned function stops it and resolves to the writes made and failed.
 */
function startTeammate(workspaces) {
  let stopped = false;
  let writes = 0;
  let failed = 0;
  const writing = (async () => {
    for (let n = 0; !stopped; n++) {
      const due = performance.now() + options.writeEveryMs;
      const ws = workspaces[n % workspaces.length];
      const id = ws.taskIds[Math.floor(ws.taskIds.length / 2)];
      try {
        const res = await fetch(`${BASE_URL}/api/tasks/${id}`, {
          method: "PATCH",
          headers: { "content-type": "application/json", "x-demo-token": ws.token },
          body: JSON.stringify({ estimatedHours: 2 + (n % 2) }),
        });
        await res.arrayBuffer();
        if (res.ok) writes++;
        else failed++;
      } catch {
        failed++;
      }
      await sleep(Math.max(0, due - performance.now()));
    }
  })();
  return async () => {
    stopped = true;
    await writing;
    return { writes, failed };
  };
}

/** The goal routes (and the baseline) loaded while a teammate writes; the ratios are to the 401 under the same writes. */
async function measureTeam(size, workspaces) {
  const loadBefore = loadavg();
  const rounds = [];
  const writes = {};
  for (let round = 1; round <= options.rounds; round += 1) {
    const loads = {};
    for (const route of TEAM_ROUTES) {
      const of = options.rounds > 1 ? ` (round ${round} of ${options.rounds})` : "";
      process.stdout.write(`  ${route.path}: ${options.loadSeconds} s of load while a teammate writes${of} … `);
      await restartIfGrown(route, workspaces);
      const stop = startTeammate(workspaces);
      let made;
      try {
        loads[route.path] = await load(route, workspaces);
      } finally {
        made = await stop();
      }
      const sum = (writes[route.path] ??= { writes: 0, failed: 0, seconds: 0 });
      sum.writes += made.writes;
      sum.failed += made.failed;
      sum.seconds += options.loadSeconds;
      process.stdout.write(`${loads[route.path].rps.toFixed(0)} req/s, ${made.writes} writes\n`);
    }
    rounds.push(loads);
  }
  const combined = combineRounds(rounds, TEAM_ROUTES.find((route) => route.baseline)?.path);
  const routes = TEAM_ROUTES.map((route) => {
    const goal = TEAM_GOALS[route.path] ?? null;
    const measured = combined[route.path];
    return {
      path: route.path,
      note: route.note,
      expect: route.expect ?? 200,
      ...measured,
      goal,
      meetsGoal: goal === null || measured.ratio === null ? null : measured.ratio >= goal,
      writesPerSecond: writes[route.path].writes / writes[route.path].seconds,
      failedWrites: writes[route.path].failed,
    };
  });
  // As after the idle loads: the profiled loads come last, so the profiler's slowdown spoils none of the measured.
  if (options.profile) {
    for (const r of routes) {
      process.stdout.write(`  ${r.path}: ${options.loadSeconds} s of load under the profiler while a teammate writes … `);
      r.profile = await profileLoad(TEAM_ROUTES.find((route) => route.path === r.path), workspaces, size, { team: true });
      process.stdout.write(`${orNa(r.profile.cpuMsPerRequest, 2)} CPU ms per request\n`);
    }
  }
  const conditionalGet = await checkConditionalGet(workspaces[0]);
  return { size, loadavgBefore: loadBefore, loadavgAfter: loadavg(), routes, conditionalGet };
}

/**
 * Asks for an unchanged list twice, the second time with the first answer's ETag in If-None-Match: a list reused
 * through HTTP answers 304 with no body.
 */
async function checkConditionalGet(ws) {
  const headers = { cookie: ws.cookie };
  const first = await fetch(`${BASE_URL}${CONDITIONAL_PATH}`, { headers });
  await first.arrayBuffer();
  const etag = first.headers.get("etag");
  if (!etag) {
    return { path: CONDITIONAL_PATH, passed: false, status: first.status, etag: null, detail: `answered ${first.status} with no ETag, so nothing to send in If-None-Match` };
  }
  const second = await fetch(`${BASE_URL}${CONDITIONAL_PATH}`, { headers: { ...headers, "if-none-match": etag } });
  const bytes = (await second.arrayBuffer()).byteLength;
  const passed = second.status === 304 && bytes === 0;
  const detail = passed ? `304 with no body for ETag ${etag}` : `answered ${second.status} with ${bytes} bytes to If-None-Match: ${etag}`;
  return { path: CONDITIONAL_PATH, passed, status: second.status, etag, detail };
}

function printTeam(result, workspaceCount) {
  const each = workspaceCount > 1 ? ` in each of ${workspaceCount} workspaces` : "";
  const writes = result.routes.reduce((sum, r) => sum + r.writesPerSecond, 0) / result.routes.length;
  console.log(
    `\nTeam at work, ${result.size} tasks${each}: a teammate changes a task every ${options.writeEveryMs} ms ` +
      `(${writes.toFixed(1)} writes/s made on average); ${options.connections} connections, ${options.loadSeconds} s per route` +
      `${options.rounds > 1 ? ` × ${options.rounds} rounds (medians)` : ""}; load average ` +
      `${result.loadavgBefore[0].toFixed(1)} → ${result.loadavgAfter[0].toFixed(1)} on ${cpus().length} cores.\n`,
  );
  console.log(
    table(
      ["route", "req/s", "n", "÷401", "goal", "verdict", "p50 ms", "p99 ms", "bad", "writes/s", "workerd CPU ms"],
      result.routes.map((r) => [
        r.path,
        r.rps.toFixed(0),
        r.requests,
        options.rounds > 1 && r.ratio !== null ? `${r.ratio.toFixed(2)} [${r.ratioMin.toFixed(2)}–${r.ratioMax.toFixed(2)}]` : orNa(r.ratio, 2),
        r.goal === null ? "" : `≥ ${r.goal}`,
        r.meetsGoal === null ? "" : r.meetsGoal ? "meets" : "MISSES",
        r.p50,
        r.p99,
        r.bad,
        r.writesPerSecond.toFixed(1),
        orNa(r.workerdCpuMs, 1),
      ]),
    ),
  );
  for (const r of result.routes.filter((r) => r.bad > 0 || r.failedWrites > 0)) {
    const codes = Object.entries(r.codes).map(([code, count]) => `${code}×${count}`).join(" ");
    console.log(`  ! ${r.path}: ${r.bad} of ${r.requests} not ${r.expect} (status codes ${codes || "none"}); ${r.failedWrites} writes failed`);
  }
  const check = result.conditionalGet;
  console.log(`\nConditional GET of an unchanged ${check.path}: ${check.passed ? "304 as it should" : "NOT 304"} (${check.detail}).`);
  for (const r of result.routes.filter((r) => r.profile)) printProfile(r);
}

/** Single-request time and body from the smallest size to the largest, against the issue's 1.3× goal. */
function printGrowth(sizes) {
  const first = sizes[0];
  const last = sizes[sizes.length - 1];
  const rows = first.routes.map((r0) => {
    const r1 = last.routes.find((r) => r.path === r0.path);
    const timeRatio = r1.singleMs / r0.singleMs;
    const bodyRatio = r1.bodyBytes / r0.bodyBytes;
    const route = ROUTES.find((r) => r.path === r0.path);
    let verdict = timeRatio <= 1.3 && bodyRatio <= 1.3 ? "flat" : "grows";
    if (route.exempt) verdict = "exempt";
    if (route.baseline || route.path === "/api/health") verdict = "baseline";
    return [
      r0.path,
      ...sizes.map((s) => orNa(s.routes.find((r) => r.path === r0.path).singleMs, 1)),
      `${timeRatio.toFixed(2)}×`,
      ...sizes.map((s) => kb(s.routes.find((r) => r.path === r0.path).bodyBytes)),
      `${bodyRatio.toFixed(2)}×`,
      verdict,
    ];
  });
  console.log(`\nGrowth from ${first.size} to ${last.size} tasks (goal: within 1.3× in time and body, full export exempt):\n`);
  console.log(
    table(
      ["route", ...sizes.map((s) => `ms @${s.size}`), "time ×", ...sizes.map((s) => `KB @${s.size}`), "body ×", "verdict"],
      rows,
    ),
  );
}

function clientJs() {
  const assets = join(CLIENT_DIR, "assets");
  const manifestFile = readdirSync(assets).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!manifestFile) throw new Error(`no Remix manifest in ${assets}; run npm run build`);
  const manifest = parseRemixManifest(readFileSync(join(assets, manifestFile), "utf8"));
  const measure = (files) => ({
    files: files.length,
    rawBytes: files.reduce((sum, f) => sum + statSync(join(CLIENT_DIR, f)).size, 0),
    gzipBytes: files.reduce((sum, f) => sum + gzipSync(readFileSync(join(CLIENT_DIR, f))).length, 0),
  });
  // Resource routes (the /api ones) share one empty client module: they ship no code of their own.
  const pages = Object.keys(manifest.routes)
    .filter((id) => readFileSync(join(CLIENT_DIR, manifest.routes[id].module), "utf8").trim() !== "")
    .map((id) => ({
      // Root alone is the shell every page shares (and what an unmatched URL's 404 page loads).
      url: id === "root" ? "(root only)" : routeUrlPath(manifest, id),
      routeId: id,
      ...measure(clientJsFor(manifest, id)),
    }))
    .sort((a, b) => a.url.localeCompare(b.url));
  const journeyIds = JOURNEY.map((url) => routeIdForUrl(manifest, url));
  return {
    pages,
    journey: { urls: JOURNEY, ...measure(journeyJs(manifest, journeyIds)) },
    dashboard: measure(clientJsFor(manifest, routeIdForUrl(manifest, "/dashboard"))),
  };
}

function printClientJs(js) {
  console.log("\nClient JavaScript per page route (entry + route chain, each file once; gzip -6 via node:zlib):\n");
  console.log(
    table(
      ["url", "route id", "files", "raw KB", "gzip KB"],
      js.pages.map((p) => [p.url, p.routeId, p.files, kb(p.rawBytes), kb(p.gzipBytes)]),
    ),
  );
  const figures = (what, journey, dashboard) =>
    `\n${what}:\n  landing → signup → dashboard ${kb(journey.gzipBytes)} KB gzip in ${journey.files} files ` +
    `(goal ≤ 150 KB in ≤ 20 files); dashboard first load ${kb(dashboard.gzipBytes)} KB gzip in ${dashboard.files} files (goal ≤ 110 KB).`;
  if (js.browser?.journey) {
    console.log(figures("As Chromium fetched them (lazy chunks included)", js.browser.journey, js.browser.dashboard));
  } else if (js.browser?.error) {
    console.log(`\nChromium's count skipped: ${js.browser.error}`);
  }
  console.log(
    figures(
      `From the Remix manifest (${js.journey.urls.join(" + ")}; signing up is the landing page's form; no lazy chunks)`,
      js.journey,
      js.dashboard,
    ),
  );
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Opens one /api/live socket with the session cookie; resolves once the object's hello arrives. */
function openLiveSocket(cookie) {
  return new Promise((resolve, reject) => {
    // Node's WebSocket (undici) takes request headers; a browser sends the cookie by itself.
    const socket = new WebSocket(`ws://127.0.0.1:${PORT}/api/live`, { headers: { cookie } });
    const timer = setTimeout(() => reject(new Error("no hello from /api/live within 10 s")), 10_000);
    socket.addEventListener("message", function hello() {
      clearTimeout(timer);
      socket.removeEventListener("message", hello);
      resolve(socket);
    });
    socket.addEventListener("error", () => reject(new Error("an /api/live socket failed to open")));
  });
}

/** A demo account that joins the owner's workspace through an invitation; returns its session cookie. */
async function joinCrew(ownerToken, n) {
  const invite = await fetch(`${BASE_URL}/api/workspace/invites`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-demo-token": ownerToken },
    body: "{}",
  });
  if (invite.status !== 201) throw new Error(`invite answered ${invite.status}: ${await invite.text()}`);
  const inviteToken = new URL((await invite.json()).url).pathname.split("/").pop();
  const member = await signUp(`Bench Crew ${n}`, `bench-crew-${n}@example.com`);
  const accept = await fetch(`${BASE_URL}/api/invites/${inviteToken}/accept`, {
    method: "POST",
    headers: { "x-demo-token": member.token },
  });
  if (accept.status !== 200) throw new Error(`invite accept answered ${accept.status}: ${await accept.text()}`);
  return member.cookie;
}

/**
 * Opens LIVE_SOCKETS sockets to the workspace (ten per person, the most one person may hold, so the owner and a
 * crew who joined by invitation), then makes `options.liveWrites` task creates one after another and records, per write,
 * when each socket received its message (from the moment the POST was sent).
 */
async function measureLive(token, cookie) {
  const cookies = [cookie];
  for (let n = 1; n < LIVE_SOCKETS / SOCKETS_PER_PERSON; n += 1) cookies.push(await joinCrew(token, n));
  const sockets = [];
  for (const personCookie of cookies) {
    sockets.push(...(await Promise.all(Array.from({ length: SOCKETS_PER_PERSON }, () => openLiveSocket(personCookie)))));
  }
  const deliveries = [];
  const allReceived = [];
  try {
    for (let i = 0; i < options.liveWrites; i += 1) {
      const title = `Live bench write ${i + 1}`;
      let started = 0;
      const arrivals = sockets.map(
        (socket) =>
          new Promise((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error(`"${title}" did not reach every socket within 10 s`)), 10_000);
            socket.addEventListener("message", function onMessage(event) {
              if (!String(event.data).includes(title)) return;
              clearTimeout(timer);
              socket.removeEventListener("message", onMessage);
              resolve(performance.now() - started);
            });
          }),
      );
      started = performance.now();
      await createTask(token, { title });
      const times = await Promise.all(arrivals);
      deliveries.push(...times);
      allReceived.push(Math.max(...times));
    }
  } finally {
    for (const socket of sockets) socket.close(1000, "bench over");
  }
  const summary = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    return [percentile(sorted, 50), percentile(sorted, 99), sorted[sorted.length - 1]].map((v) => v.toFixed(1));
  };
  return { deliveries: summary(deliveries), allReceived: summary(allReceived), count: deliveries.length };
}


function printLive(live) {
  console.log(
    `\n${table(["write → delivery", "p50 ms", "p99 ms", "max ms"], [
      [`each socket (${live.count} deliveries)`, ...live.deliveries],
      [`all ${LIVE_SOCKETS} sockets (${options.liveWrites} writes)`, ...live.allReceived],
    ])}`,
  );
}

function gitCommit() {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
  } catch {
    return null;
  }
}

/** `--js-only`: the manifest's figures and Chromium's count on a fresh server, each script Chromium fetched listed. */
async function measureJsOnly(results) {
  console.log(`JavaScript only. Starting wrangler dev on ${BASE_URL} with a fresh D1 in ${STATE_DIR} …`);
  await startServer();
  results.clientJs = clientJs();
  console.log(`Counting the scripts Chromium (${chromiumLaunchOptions.executablePath}) fetches from landing to dashboard …`);
  results.clientJs.browser = await measureBrowserJs(BASE_URL, CLIENT_DIR);
  printClientJs(results.clientJs);
  for (const [what, sizes] of [
    ["landing → signup → dashboard", results.clientJs.browser.journey],
    ["dashboard first load", results.clientJs.browser.dashboard],
  ]) {
    console.log(`\nScripts Chromium fetched, ${what}:\n`);
    console.log(table(["script", "gzip KB"], sizes.scripts.map((s) => [s.path, kb(s.gzipBytes)])));
  }
  results.finishedAt = new Date().toISOString();
  writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nResults in ${RESULTS_FILE}.`);
}

async function timeParser(results) {
  const parser = await benchRulesParser();
  results.parser = parser;
  console.log(
    `Rules parser: ${parser.sentences} sentences × ${parser.iterations} runs in-process, per sentence: ` +
      `mean ${parser.mean.toFixed(0)} µs, p50 ${parser.p50.toFixed(0)} µs, p99 ${parser.p99.toFixed(0)} µs.\n`,
  );
}

async function main() {
  const results = {
    startedAt: new Date().toISOString(),
    commit: gitCommit(),
    machine: {
      cores: cpus().length,
      loadavgAtStart: loadavg(),
      node: process.versions.node,
      wrangler: JSON.parse(readFileSync("node_modules/wrangler/package.json", "utf8")).version,
    },
    options,
  };
  if (options.jsOnly) return measureJsOnly(results);
  if (!options.teamOnly) await timeParser(results);
  if (options.parserOnly) return;

  const started = Date.now();
  const mode = options.quick ? "Quick run (1 s loads: proves the harness, not a measurement). " : "";
  console.log(`${mode}Load average ${load1()} on ${cpus().length} cores. Starting wrangler dev on ${BASE_URL} with a fresh D1 in ${STATE_DIR} …`);
  await startServer();
  const workspaces = [];
  for (let n = 0; n < options.workspaces; n++) workspaces.push(await newWorkspace(n));
  console.log(`Ready after ${((Date.now() - started) / 1000).toFixed(1)} s; ${workspaces.length} workspace(s) signed up.`);

  results.sizes = [];
  for (const size of options.sizes) {
    const seedStart = Date.now();
    await restartIfGrown();
    const bySql = await growWorkspaces(workspaces, size);
    const seedSeconds = (Date.now() - seedStart) / 1000;
    const counts = await Promise.all(workspaces.map((ws) => countTasks(ws.cookie)));
    if (counts.some((count) => count !== size)) throw new Error(`after seeding, the workspaces hold ${counts.join(", ")} tasks, not ${size}`);
    console.log(
      `\nGrew ${workspaces.length === 1 ? "the workspace" : `${workspaces.length} workspaces`} to ${size} tasks in ${seedSeconds.toFixed(1)} s ` +
        `(${bySql} by SQL, the rest through POST /api/tasks). Measuring …`,
    );
    if (!options.teamOnly) {
      const result = { ...(await measureSize(size, workspaces)), seedSeconds };
      results.sizes.push(result);
      printSize(result, workspaces.length);
    }
    if (options.teamSizes.includes(size)) {
      const team = await measureTeam(size, workspaces);
      (results.team ??= []).push(team);
      printTeam(team, workspaces.length);
    }
  }
  if (results.sizes.length > 1) printGrowth(results.sizes);
  if (options.teamOnly) return finish(results, started);

  if (options.live) {
    console.log(
      `\nLive updates: ${LIVE_SOCKETS} open /api/live sockets on the first workspace, ${options.liveWrites} task creates in turn …`,
    );
    await restartIfGrown();
    results.live = await measureLive(workspaces[0].token, workspaces[0].cookie);
    printLive(results.live);
  }

  results.clientJs = clientJs();
  if (options.browser) {
    console.log(`\nCounting the scripts Chromium (${chromiumLaunchOptions.executablePath}) fetches from landing to dashboard …`);
    try {
      results.clientJs.browser = await measureBrowserJs(BASE_URL, CLIENT_DIR);
    } catch (error) {
      results.clientJs.browser = { error: error instanceof Error ? error.message.split("\n")[0] : String(error) };
    }
  }
  printClientJs(results.clientJs);
  finish(results, started);
}

function finish(results, started) {
  results.machine.loadavgAtEnd = loadavg();
  results.finishedAt = new Date().toISOString();
  writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nTotal ${((Date.now() - started) / 1000).toFixed(1)} s; load average ${load1()} at the end. Results in ${RESULTS_FILE}.`);
}

let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    interrupted = true;
    console.error(`\n${signal}: stopping wrangler …`);
    stopServer().finally(() => process.exit(130));
  });
}

try {
  await main();
} catch (error) {
  // After a signal, requests fail because wrangler is going down; that is not worth reporting.
  if (!interrupted) {
    console.error(`\nbench failed: ${error instanceof Error ? error.message : error}`);
    if (serverLog.length > 0) console.error(`last wrangler output:\n${serverLog.join("\n")}`);
  }
  process.exitCode = 1;
} finally {
  await stopServer();
}

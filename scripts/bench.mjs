/**
 * `npm run bench`: serves the built app with wrangler on a fresh local D1, seeds one demo workspace
 * with 1,000 tasks through the API, then loads each route with autocannon beside /api/health, a route
 * of the same Worker that does no data work, prints the client JS each page ships, and times live updates:
 * from a task write to its delivery on 100 open /api/live WebSockets. First it times the rules parser per
 * sentence in-process (scripts/parser-bench.mjs); `--parser-only` stops there.
 * Results and how to read them: docs/benchmarks.md.
 */
import { spawn } from "node:child_process";
import { readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { clientJsFor, parseRemixManifest, routeUrlPath } from "./client-js.mjs";
import { benchRulesParser } from "./parser-bench.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 8797);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const STATE_DIR = ".wrangler/bench-state";
const WRANGLER = "node_modules/wrangler/bin/wrangler.js";
const TASK_COUNT = 1000;
const SEED_CONCURRENCY = 8;
const LOAD_SECONDS = 5;
const LOAD_CONNECTIONS = 10;
const CLIENT_DIR = "build/client";
const LIVE_SOCKETS = 100;
/** MAX_CONNECTIONS_PER_PERSON in app/domain/live.ts. */
const SOCKETS_PER_PERSON = 10;
const LIVE_WRITES = 30;

const ROUTES = [
  { path: "/api/health", note: "baseline: no auth, no D1" },
  { path: "/api/tasks", note: `all ${TASK_COUNT} tasks as JSON` },
  { path: "/api/status", note: "stat counts (one aggregate query)" },
  { path: "/tasks", note: "server-rendered page" },
];

// Wrangler refuses Node < 22.12; `npm run bench` puts the project's Node 22 first on PATH.
if (Number(process.versions.node.split(".")[0]) < 22) {
  console.error(`Node ${process.versions.node} is too old for wrangler: run this through \`npm run bench\`.`);
  process.exit(1);
}

const serverEnv = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };
/** The last lines wrangler printed, shown only when something fails. */
const serverLog = [];
let server = null;

function remember(chunk) {
  serverLog.push(...chunk.toString().split("\n").filter(Boolean));
  serverLog.splice(0, Math.max(0, serverLog.length - 40));
}

function runWrangler(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [WRANGLER, ...args], { env: serverEnv, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.on("data", remember);
    child.stderr.on("data", remember);
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`wrangler ${args[0]} exited with ${code}`))));
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

async function startServer() {
  if (await isServing()) throw new Error(`port ${PORT} is already in use; set BENCH_PORT to a free port`);
  rmSync(STATE_DIR, { recursive: true, force: true });
  await runWrangler(["d1", "migrations", "apply", "DB", "--local", "--persist-to", STATE_DIR]);
  // Its own process group (setsid) so the whole tree, workerd included, can be stopped together;
  // request logging off so printing 10,000s of log lines does not compete with the Worker for CPU.
  server = spawn(
    process.execPath,
    [WRANGLER, "dev", "--ip", "127.0.0.1", "--port", String(PORT), "--persist-to", STATE_DIR, "--log-level", "warn", "--show-interactive-dev-session=false"],
    { env: serverEnv, detached: true, stdio: ["ignore", "pipe", "pipe"] },
  );
  server.stdout.on("data", remember);
  server.stderr.on("data", remember);
  const exited = new Promise((resolve) => server.once("exit", resolve));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const code = await Promise.race([exited, sleep(250, "waiting")]);
    if (code !== "waiting") throw new Error(`wrangler dev exited with ${code}`);
    if (await isServing()) return;
  }
  throw new Error("wrangler dev did not answer within 60 s");
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

async function signUp(name = "Bench Producer", email = "bench@example.com") {
  const res = await fetch(`${BASE_URL}/api/demo/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name, email, marketingOptIn: false }),
  });
  if (res.status !== 201) throw new Error(`demo signup answered ${res.status}: ${await res.text()}`);
  const { token } = await res.json();
  const cookie = res.headers.get("set-cookie")?.split(";")[0];
  if (!token || !cookie) throw new Error("demo signup returned no token or session cookie");
  return { token, cookie };
}

/** Deterministic pseudo-random numbers (mulberry32), so every run seeds the same workspace. */
function seededRandom(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ACTIONS = [
  "Book", "Confirm", "Order", "Schedule", "Draft", "Review", "Test", "Install", "Brief", "Print",
  "Rehearse", "Load in", "Strike", "Photograph", "Announce", "Budget", "Inspect", "Label", "Rent", "Pack",
];
const SUBJECTS = [
  "stage lighting rig", "PA system", "green room catering", "shuttle buses", "speaker travel", "wristbands",
  "volunteer rota", "livestream encoder", "sponsor banners", "press release", "run sheet", "backline",
  "security team", "first aid cover", "radio channels", "LED wall", "hotel block", "signage", "merch stock",
  "VIP lanyards", "camera positions", "power distribution", "waste collection", "ticket scanners", "registration desk",
];
const AREAS = ["main stage", "hall B", "the foyer", "the outdoor village"];
const CATEGORIES = ["infrastructure", "marketing", "content", "production", "logistics", null];
const PRIORITIES = ["low", "medium", "medium", "high", "critical"];
const ASSIGNEES = ["Maria Lopez", "Sam Okafor", "Priya Natarajan", "Jonas Berg", null];
const STATUSES = ["pending", "pending", "pending", "in_progress", "completed"];

/** A realistic task; titles are distinct combinations so the duplicate rule never rejects one. */
function taskFor(i, random, today) {
  const title = `${ACTIONS[i % ACTIONS.length]} ${SUBJECTS[Math.floor(i / ACTIONS.length) % SUBJECTS.length]} for ${
    AREAS[Math.floor(i / (ACTIONS.length * SUBJECTS.length)) % AREAS.length]
  }`;
  const pick = (list) => list[Math.floor(random() * list.length)];
  let dueDate = null;
  if (random() < 0.8) {
    const day = new Date(today.getTime() + Math.floor(random() * 70 - 10) * 86_400_000).toISOString().slice(0, 10);
    dueDate = random() < 0.3 ? `${day}T${String(8 + Math.floor(random() * 12)).padStart(2, "0")}:00` : day;
  }
  return {
    title,
    description: random() < 0.5 ? `Coordinate with the venue and confirm in writing. Ref #${1000 + i}.` : "",
    priority: pick(PRIORITIES),
    category: pick(CATEGORIES),
    dueDate,
    assigneeName: pick(ASSIGNEES),
    status: pick(STATUSES),
    estimatedHours: random() < 0.5 ? Math.round(random() * 16 * 2) / 2 : null,
  };
}

/**
 * POSTs one task, retrying the transient "Network connection lost" failures of wrangler 4.124's local
 * proxy (cloudflare/workers-sdk#15002, #15451), which clear within a couple of seconds. A 409 on a retry
 * means the failed attempt did land. Returns the number of retries used.
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
    if (status === 201 || (attempt > 1 && status === 409)) return attempt - 1;
    const transient = status === 0 || (status === 500 && body.includes("Network connection lost"));
    if (!transient || attempt === 6 || serverExited()) {
      throw new Error(`creating "${task.title}" answered ${status || "no response"}: ${body.slice(0, 300)}`);
    }
    await sleep(500 * attempt);
  }
}

async function seedTasks(token) {
  const random = seededRandom(20_260_514);
  const today = new Date();
  const tasks = Array.from({ length: TASK_COUNT }, (_, i) => taskFor(i, random, today));
  let next = 0;
  let retries = 0;
  const worker = async () => {
    while (next < tasks.length) retries += await createTask(token, tasks[next++]);
  };
  await Promise.all(Array.from({ length: SEED_CONCURRENCY }, worker));
  return retries;
}

async function countTasks(cookie) {
  const res = await fetch(`${BASE_URL}/api/status`, { headers: { cookie } });
  if (!res.ok) throw new Error(`/api/status answered ${res.status}`);
  return (await res.json()).totalTasks;
}

async function load(path, cookie) {
  // A few requests first, so first-request costs (module init, D1 open) stay out of the figures.
  // Their failures show up in the measured run anyway.
  for (let i = 0; i < 5; i++) {
    await fetch(`${BASE_URL}${path}`, { headers: { cookie } }).then((res) => res.arrayBuffer(), () => undefined);
  }
  const result = await autocannon({
    url: `${BASE_URL}${path}`,
    headers: { cookie },
    connections: LOAD_CONNECTIONS,
    duration: LOAD_SECONDS,
  });
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .map(([code, { count }]) => `${code}×${count}`)
    .join(" ");
  return {
    path,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    kbPerResponse: result.requests.total > 0 ? result.throughput.total / result.requests.total / 1024 : 0,
    statuses,
  };
}

function table(headers, rows) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join("  ");
  return [line(headers), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

function clientJsReport() {
  const assets = join(CLIENT_DIR, "assets");
  const manifestFile = readdirSync(assets).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!manifestFile) throw new Error(`no Remix manifest in ${assets}; run npm run build`);
  const manifest = parseRemixManifest(readFileSync(join(assets, manifestFile), "utf8"));
  const size = (file) => statSync(join(CLIENT_DIR, file)).size;
  // Resource routes (the /api ones) share one empty client module: they ship no code of their own.
  const pages = Object.keys(manifest.routes).filter(
    (id) => readFileSync(join(CLIENT_DIR, manifest.routes[id].module), "utf8").trim() !== "",
  );
  return pages
    .map((id) => {
      const files = clientJsFor(manifest, id);
      const raw = files.reduce((sum, f) => sum + size(f), 0);
      const gzip = files.reduce((sum, f) => sum + gzipSync(readFileSync(join(CLIENT_DIR, f))).length, 0);
      // Root alone is the shell every page shares (and what an unmatched URL's 404 page loads).
      const url = id === "root" ? "(root only)" : routeUrlPath(manifest, id);
      return [url, id, files.length, (raw / 1024).toFixed(1), (gzip / 1024).toFixed(1)];
    })
    .sort((a, b) => a[0].localeCompare(b[0]));
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
 * crew who joined by invitation), then makes LIVE_WRITES task creates one after another and records, per write,
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
    for (let i = 0; i < LIVE_WRITES; i += 1) {
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

async function reportRulesParser() {
  const r = await benchRulesParser();
  console.log(
    `Rules parser: ${r.sentences} sentences × ${r.iterations} runs in-process, per sentence: ` +
      `mean ${r.mean.toFixed(0)} µs, p50 ${r.p50.toFixed(0)} µs, p99 ${r.p99.toFixed(0)} µs.\n`,
  );
}

async function main() {
  await reportRulesParser();
  if (process.argv.includes("--parser-only")) return;
  const started = Date.now();
  console.log(`Starting wrangler dev on ${BASE_URL} with a fresh D1 in ${STATE_DIR} …`);
  await startServer();
  console.log(`Ready after ${((Date.now() - started) / 1000).toFixed(1)} s. Seeding ${TASK_COUNT} tasks …`);
  const { token, cookie } = await signUp();
  const seedStart = Date.now();
  const retries = await seedTasks(token);
  const seedSeconds = (Date.now() - seedStart) / 1000;
  console.log(
    `Seeded in ${seedSeconds.toFixed(1)} s (${(TASK_COUNT / seedSeconds).toFixed(0)} creates/s at concurrency ${SEED_CONCURRENCY}; ` +
      `${retries} retried after a dropped wrangler connection). The workspace holds ${await countTasks(cookie)} tasks.`,
  );

  const results = [];
  for (const route of ROUTES) {
    process.stdout.write(`Loading ${route.path} for ${LOAD_SECONDS} s with ${LOAD_CONNECTIONS} connections …\n`);
    results.push({ ...(await load(route.path, cookie)), note: route.note });
  }
  const baseline = results[0].rps;
  console.log(`\nLoad: ${LOAD_CONNECTIONS} connections, ${LOAD_SECONDS} s per route, session cookie sent on every request.\n`);
  console.log(
    table(
      ["route", "req/s", "p50 ms", "p99 ms", "non-2xx", "errors", "KB/resp", "vs baseline", "status codes", "what it does"],
      results.map((r) => [
        r.path,
        r.rps.toFixed(0),
        r.p50,
        r.p99,
        r.non2xx,
        r.errors,
        r.kbPerResponse.toFixed(1),
        `${((r.rps / baseline) * 100).toFixed(0)}%`,
        r.statuses,
        r.note,
      ]),
    ),
  );
  console.log(`\nLive updates: ${LIVE_SOCKETS} open /api/live sockets on the seeded workspace, ${LIVE_WRITES} task creates in turn …`);
  const live = await measureLive(token, cookie);
  console.log(
    `\n${table(["write → delivery", "p50 ms", "p99 ms", "max ms"], [
      [`each socket (${live.count} deliveries)`, ...live.deliveries],
      [`all ${LIVE_SOCKETS} sockets (${LIVE_WRITES} writes)`, ...live.allReceived],
    ])}`,
  );
  console.log("\nClient JavaScript per page route (entry + route chain, each file once; gzip -6 via node:zlib):\n");
  console.log(table(["url", "route id", "files", "raw KB", "gzip KB"], clientJsReport()));
  console.log(`\nTotal ${((Date.now() - started) / 1000).toFixed(1)} s.`);
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

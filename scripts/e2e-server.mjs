// Serves the bundled Worker for the browser tests with Miniflare, the local runtime `wrangler dev` runs, configured
// from wrangler.toml by wrangler's own `unstable_getMiniflareWorkerOptions` (as @cloudflare/vitest-pool-workers
// does). Not `wrangler dev` itself: it puts a proxy Worker in a second workerd in front of the app, and a request
// lost between the two ("Network connection lost.", workers-sdk#15317, #15451) ends the whole dev server with an
// empty "✘ [ERROR]", failing every later test. Here Playwright's requests reach the app's workerd directly.
//
// Usage: node scripts/e2e-server.mjs <port> <bundle> <state> [NAME=value …]  (values override .dev.vars).
import { convertV4MiniflareOptions, Log, LogLevel, Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import path from "node:path";

const [port, bundle, state, ...assignments] = process.argv.slice(2);
if (!port || !bundle || !state) {
  console.error("usage: node scripts/e2e-server.mjs <port> <bundle> <state> [NAME=value …]");
  process.exit(2);
}

// The bundle is one ES module that imports nothing but built-ins, so no module rules are needed.
const { modulesRules: _rules, ...workerOptions } = unstable_getMiniflareWorkerOptions("wrangler.toml").workerOptions;
const overrides = Object.fromEntries(
  assignments.map((assignment) => {
    const at = assignment.indexOf("=");
    return [assignment.slice(0, at), assignment.slice(at + 1)];
  }),
);

// wrangler describes the Worker in Miniflare's v4 options; Miniflare converts them to its own.
const miniflare = new Miniflare(
  convertV4MiniflareOptions({
    host: "127.0.0.1",
    port: Number(port),
    // Where `wrangler d1 migrations apply --local --persist-to <state>` put the database.
    resourcePersistencePath: path.resolve(state, "v3"),
    // GET /cdn-cgi/local/scheduled runs the cron (reminders), as `wrangler dev --test-scheduled` offers.
    unsafeTriggerHandlers: true,
    // Each request on a line, as `wrangler dev` prints them (read when a test fails).
    log: new Log(LogLevel.INFO),
    logRequests: true,
    workers: [
      {
        ...workerOptions,
        name: "cueboard",
        modules: true,
        scriptPath: path.resolve(bundle, "app.js"),
        bindings: { ...workerOptions.bindings, ...overrides },
      },
    ],
  }),
);

const url = await miniflare.ready;
console.log(`e2e server ready on ${url}`);

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    void miniflare.dispose().finally(() => process.exit(0));
  });
}

// `npm start` and `npm run dev`: the production Worker entry (workers/app.ts: Durable Object, cron, queue, Origin
// check, body cap) under `wrangler dev` on local D1, with a local OpenID Connect provider to sign in with unless real
// OIDC_* settings are given.
//
//   node scripts/local-stack.mjs start|dev [--no-build] [--persist-to DIR] [--env-file FILE]...
//
// `start` builds once and serves. `dev` also rebuilds the Remix app when app/ or public/ change; wrangler dev picks
// the new build up and reloads open pages. Settings: PORT (default 8787), LOCAL_IDP_PORT (default PORT + 1), the
// app's variables in .dev.vars (or the --env-file files) and OIDC_* / ADMIN_EMAILS in the environment.
// --no-build and --persist-to exist for the browser test that starts this script (tests/e2e/local-stack.spec.ts).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync, watch } from "node:fs";
import { createServer } from "node:net";
import { delimiter, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureDevVars } from "./ensure-dev-vars.mjs";
import { startIdentityProvider } from "./identity-provider.mjs";

export const OIDC_NAMES = ["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"];
/** The local provider's admin account: ADMIN_EMAILS when none is configured. */
export const LOCAL_ADMIN_EMAIL = "admin@example.com";
export const LOCAL_CLIENT_ID = "cueboard-local";
/** The line a caller (a person, the browser test) waits for; the URL follows it. */
export const READY_LINE = "Cueboard is ready on ";
const CRON = "*/15 * * * *";

/** The command line: the mode, then options. Throws on anything else. */
export function parseArgs(argv) {
  const [mode, ...rest] = argv;
  if (mode !== "start" && mode !== "dev")
    throw new Error("usage: local-stack.mjs start|dev [--no-build] [--persist-to DIR] [--env-file FILE]");
  const options = { mode, build: true, persistTo: null, envFiles: [] };
  for (let i = 0; i < rest.length; i += 1) {
    const arg = rest[i];
    const value = () => {
      const next = rest[++i];
      if (!next || next.startsWith("--")) throw new Error(`${arg} needs a value`);
      return next;
    };
    if (arg === "--no-build") options.build = false;
    else if (arg === "--persist-to") options.persistTo = value();
    else if (arg === "--env-file") options.envFiles.push(value());
    else throw new Error(`unknown option ${arg}`);
  }
  return options;
}

function portNumber(name, text) {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port < 1 || port > 65535)
    throw new Error(`${name} must be a port number (1-65535), not "${text}"`);
  return port;
}

/** The app's port (PORT, default 8787) and the local identity provider's (LOCAL_IDP_PORT, default the next one). */
export function portsFrom(env) {
  const port = portNumber("PORT", env.PORT?.trim() || "8787");
  const idpPort = portNumber("LOCAL_IDP_PORT", env.LOCAL_IDP_PORT?.trim() || String(port + 1));
  if (idpPort === port) throw new Error("LOCAL_IDP_PORT must differ from PORT");
  return { port, idpPort };
}

/** The variables a dotenv-style file (.dev.vars, .env) sets: `NAME=value`, `export NAME=value`, quotes stripped. */
export function parseDevVars(text) {
  const vars = {};
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*(?:export\s+)?([A-Za-z_]\w*)\s*=\s*(.*)$/.exec(line);
    if (!match) continue;
    let value = match[2].trim();
    const quoted = /^(["'])(.*)\1$/.exec(value);
    if (quoted) value = quoted[2];
    else value = value.replace(/\s+#.*$/, "");
    vars[match[1]] = value;
  }
  return vars;
}

/**
 * The files wrangler dev reads the app's variables from: the --env-file files when given; otherwise .dev.vars, or
 * .env when there is no .dev.vars (wrangler's own order).
 */
export function devVarsFiles(root, envFiles, exists = existsSync) {
  if (envFiles.length > 0) return envFiles;
  for (const name of [".dev.vars", ".env"]) {
    if (exists(join(root, name))) return [join(root, name)];
  }
  return [];
}

/**
 * How sign-in is set up. Real settings (any OIDC_* in the environment or the files) switch the local provider off;
 * otherwise it runs, and ADMIN_EMAILS defaults to its admin account. `vars` are the `--var`s for wrangler dev:
 * the environment's OIDC_* and ADMIN_EMAILS (wrangler does not pass the environment to the Worker), plus the
 * default admin. `missing` names the OIDC_* a partial configuration lacks (sign-in then stays off).
 */
export function signInSettings(env, fileVars) {
  const given = (name) => env[name]?.trim() || fileVars[name]?.trim() || "";
  const vars = {};
  for (const name of [...OIDC_NAMES, "ADMIN_EMAILS"]) {
    if (env[name]?.trim()) vars[name] = env[name].trim();
  }
  const admins = given("ADMIN_EMAILS");
  if (OIDC_NAMES.some(given)) {
    return { localProvider: false, missing: OIDC_NAMES.filter((name) => !given(name)), admins, vars };
  }
  if (!admins) vars.ADMIN_EMAILS = LOCAL_ADMIN_EMAIL;
  return { localProvider: true, missing: [], admins: admins || LOCAL_ADMIN_EMAIL, vars };
}

/**
 * The banner's admin line. The local provider's own admin is printed in full (it is a fixed local account and
 * the person needs it to sign in); addresses someone configured are real people's and are only counted.
 */
export function adminLine(admins, url) {
  if (!admins) return "  Admin:    nobody (set ADMIN_EMAILS)";
  if (admins === LOCAL_ADMIN_EMAIL) return `  Admin:    ${admins} (opens ${url}/admin)`;
  const count = admins.split(",").filter((email) => email.trim()).length;
  return `  Admin:    the ${count === 1 ? "address" : `${count} addresses`} in ADMIN_EMAILS (opens ${url}/admin)`;
}

/** The arguments for `wrangler dev`. */
export function wranglerDevArgs({ mode, port, persistTo, envFiles, vars }) {
  const args = ["dev", "--port", String(port), "--test-scheduled", "--show-interactive-dev-session=false"];
  if (mode === "dev") args.push("--live-reload");
  if (persistTo) args.push("--persist-to", persistTo);
  for (const file of envFiles) args.push("--env-file", file);
  for (const [name, value] of Object.entries(vars)) args.push("--var", `${name}:${value}`);
  return args;
}

/** Whether a change under a watched folder (path relative to the repository) calls for a rebuild. */
export function isSourceChange(path) {
  const name = path.split(/[\\/]/).pop() ?? "";
  if (!name || name.startsWith(".") || name.endsWith("~") || /\.(?:swp|tmp)$/.test(name)) return false;
  return !/\.test\.tsx?$/.test(name);
}

const ANSI = /\x1b\[[\d;]*m/g;

/**
 * A line filter for wrangler's output that drops esbuild's `ignored-bare-import` warnings: the Remix server build
 * imports packages marked side-effect free, and each import warns in a block of a dozen indented or blank lines.
 * The block ends at the next line that starts in the first column.
 */
export function createOutputFilter() {
  let skipping = false;
  return (line) => {
    const text = line.replace(ANSI, "");
    if (skipping && /^(?:\s|$)/.test(text)) return false;
    skipping = text.includes("[ignored-bare-import]");
    return !skipping;
  };
}

/** A failed build's output up to its stack trace (Vite then dumps the whole error object), at most 40 lines. */
export function buildFailureSummary(output) {
  const lines = output.split("\n");
  const stack = lines.findIndex((line) => /^\s+at /.test(line));
  return lines
    .slice(0, stack === -1 ? undefined : stack)
    .slice(-40)
    .join("\n")
    .trimEnd();
}

/**
 * Calls `onChange(path)` for every change under `dir`, with one watcher per folder (and new folders added as they
 * appear). Not `fs.watch(dir, { recursive: true })`: on Linux, Node's recursive watch loses a file once an editor
 * or `sed -i` has replaced it by a rename, and never reports its later changes.
 */
function watchTree(dir, onChange) {
  const watchers = new Map();
  const add = (folder) => {
    if (watchers.has(folder)) return;
    let watcher;
    try {
      watcher = watch(folder, (event, name) => {
        const path = name ? join(folder, String(name)) : folder;
        if (event === "rename" && name && statSync(path, { throwIfNoEntry: false })?.isDirectory()) add(path);
        onChange(path);
      });
      // A removed folder's watcher errors (or just stops); it is dropped, and re-added if the folder comes back.
      watcher.on("error", () => {
        watcher.close();
        watchers.delete(folder);
      });
      watchers.set(folder, watcher);
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        if (entry.isDirectory()) add(join(folder, entry.name));
      }
    } catch {
      watcher?.close();
      watchers.delete(folder);
    }
  };
  add(dir);
  return { close: () => watchers.forEach((watcher) => watcher.close()) };
}

/** Rejects with a message a person can act on when something already listens on the port. */
function assertPortFree(port, host, what) {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", (error) => {
      if (error.code === "EADDRINUSE") {
        reject(
          new Error(
            `Port ${port} (${what}) is already in use, perhaps by another \`npm start\` or \`npm run dev\`. ` +
              `Stop it, or choose another: PORT=${port + 10} npm start (the sign-in provider takes PORT + 1, or LOCAL_IDP_PORT).`,
          ),
        );
      } else if (error.code === "EADDRNOTAVAIL" || error.code === "EAFNOSUPPORT") resolve();
      else reject(error);
    });
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve()));
  });
}

function lines(stream, write, keep = () => true) {
  let rest = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk) => {
    const parts = (rest + chunk).split("\n");
    rest = parts.pop();
    for (const line of parts) if (keep(line)) write(`${line}\n`);
  });
  stream.on("end", () => {
    if (rest && keep(rest)) write(`${rest}\n`);
  });
}

/** Runs a command to the end with its output shown; rejects when it fails. */
function run(command, args, env) {
  const result = spawnSync(command, args, { env, stdio: "inherit" });
  if (result.status !== 0) throw new Error(`\`${[command, ...args].join(" ")}\` failed`);
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const { port, idpPort } = portsFrom(process.env);
  const root = fileURLToPath(new URL("..", import.meta.url));
  process.chdir(root);
  // Children run the repository's tools (and the `node` package's Node 22, which wrangler needs) even when this
  // script is started outside npm.
  const env = { ...process.env, PATH: `${join(root, "node_modules", ".bin")}${delimiter}${process.env.PATH}` };

  const envFiles = devVarsFiles(root, options.envFiles);
  if (options.envFiles.length === 0) ensureDevVars();
  const fileVars = Object.assign({}, ...envFiles.map((file) => parseDevVars(readFileSync(file, "utf8"))));
  const signIn = signInSettings(process.env, fileVars);

  await assertPortFree(port, "127.0.0.1", "the app");
  await assertPortFree(port, "::1", "the app");
  if (signIn.localProvider) await assertPortFree(idpPort, "127.0.0.1", "the local sign-in provider");

  if (options.build) run("remix", ["vite:build"], env);
  const persist = options.persistTo ? ["--persist-to", options.persistTo] : [];
  run("wrangler", ["d1", "migrations", "apply", "DB", "--local", ...persist], env);

  const vars = { ...signIn.vars };
  let provider = null;
  if (signIn.localProvider) {
    provider = await startIdentityProvider({
      port: idpPort,
      clientId: LOCAL_CLIENT_ID,
      redirectUris: [`http://localhost:${port}/auth/callback`, `http://127.0.0.1:${port}/auth/callback`],
      title: "local identity provider",
      adminEmail: signIn.admins === LOCAL_ADMIN_EMAIL ? LOCAL_ADMIN_EMAIL : undefined,
    });
    Object.assign(vars, {
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
    });
  }

  const url = `http://localhost:${port}`;
  const banner = () => {
    const out = [`\n${READY_LINE}${url}`];
    if (provider) {
      out.push(
        `  Sign in:  'Sign In' goes to the local identity provider (${provider.issuer}): a name and an email, no password`,
      );
    } else if (signIn.missing.length > 0) {
      out.push(
        `  Sign in:  off until ${signIn.missing.join(", ")} ${signIn.missing.length > 1 ? "are" : "is"} set too`,
      );
    } else
      out.push(`  Sign in:  the OpenID Connect provider at ${process.env.OIDC_ISSUER?.trim() || fileVars.OIDC_ISSUER}`);
    out.push(adminLine(signIn.admins, url));
    out.push(`  Cron:     ${url}/__scheduled?cron=${CRON.replaceAll(" ", "+")}`);
    if (options.mode === "dev") out.push("  Rebuilds: on changes in app/ and public/; open pages reload");
    out.push("Ctrl-C stops it.\n");
    return out.join("\n");
  };

  let stopping = false;
  let wrangler = null;
  let build = null;
  let watchers = [];

  const killGroup = (child, signal) => {
    if (child?.pid && child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // Already gone.
      }
    }
  };
  // Whatever ends this process also ends the children's process groups (workerd would otherwise keep the port).
  process.on("exit", () => {
    killGroup(wrangler, "SIGKILL");
    killGroup(build, "SIGKILL");
  });

  const stop = async (code) => {
    if (stopping) return;
    stopping = true;
    for (const watcher of watchers) watcher.close();
    killGroup(build, "SIGTERM");
    const child = wrangler;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      killGroup(child, "SIGTERM");
      const timer = setTimeout(() => killGroup(child, "SIGKILL"), 5000);
      await exited;
      clearTimeout(timer);
    }
    await provider?.close();
    process.exit(code);
  };
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => void stop(0));

  // wrangler dev in its own process group, restarted if it dies once it has served: its esbuild watcher has died
  // mid-run before ("all goroutines are asleep - deadlock!", scripts/e2e-server.sh). Local D1 lives on disk, so a
  // restart loses only open WebSockets, which the live pages reopen. A start that never gets ready ends everything.
  const devArgs = wranglerDevArgs({
    mode: options.mode,
    port,
    persistTo: options.persistTo,
    envFiles: options.envFiles,
    vars,
  });
  // `npm start` serves the Worker as deploy bundles it: wrangler dev otherwise sets process.env.NODE_ENV to
  // "development", and React's development build makes every server render slower. `npm run dev` keeps it.
  const wranglerEnv = options.mode === "start" ? { ...env, NODE_ENV: env.NODE_ENV ?? "production" } : env;
  let announced = false;
  const startWrangler = () => {
    const child = spawn("wrangler", devArgs, { env: wranglerEnv, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    wrangler = child;
    let ready = false;
    const filter = createOutputFilter();
    lines(
      child.stdout,
      (line) => {
        process.stdout.write(line);
        if (ready || !line.includes("Ready on ")) return;
        ready = true;
        if (!announced) process.stdout.write(banner());
        announced = true;
      },
      filter,
    );
    lines(child.stderr, (line) => process.stderr.write(line), createOutputFilter());
    child.once("exit", (code, signal) => {
      if (stopping) return;
      if (!ready) {
        console.error(`wrangler dev stopped before it was ready (${signal ?? `status ${code}`}).`);
        return void stop(1);
      }
      console.error(`wrangler dev stopped (${signal ?? `status ${code}`}); starting it again on the same local D1.`);
      setTimeout(() => stopping || startWrangler(), 1000);
    });
  };
  startWrangler();

  if (options.mode === "dev") {
    let pending = false;
    let timer = null;
    const rebuild = () => {
      if (build) return void (pending = true);
      pending = false;
      const started = Date.now();
      console.log("Rebuilding the app…");
      const child = spawn("remix", ["vite:build", "--config", "scripts/vite-rebuild.config.ts"], {
        env,
        detached: true,
        stdio: ["ignore", "pipe", "pipe"],
      });
      build = child;
      let output = "";
      child.stdout.on("data", (chunk) => (output += chunk));
      child.stderr.on("data", (chunk) => (output += chunk));
      child.once("exit", (code) => {
        build = null;
        if (stopping) return;
        if (code === 0)
          console.log(`Rebuilt in ${((Date.now() - started) / 1000).toFixed(1)} s; wrangler dev reloads it.`);
        else
          console.error(
            `${buildFailureSummary(output)}\nThe rebuild failed (above); the last good build keeps serving.`,
          );
        if (pending) rebuild();
      });
    };
    const changed = (path) => {
      if (!isSourceChange(relative(root, path))) return;
      clearTimeout(timer);
      timer = setTimeout(rebuild, 200);
    };
    watchers = ["app", "public"].map((folder) => watchTree(join(root, folder), changed));
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}

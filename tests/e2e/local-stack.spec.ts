import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { READY_LINE } from "../../scripts/local-stack.mjs";

/**
 * `npm start` on a fresh checkout: no OIDC settings anywhere, yet a person signs in at the local identity provider
 * as the admin it prints and opens /admin. The script runs as `npm start` runs it (scripts/local-stack.mjs start)
 * on free ports of its own, with its own local D1 and dev registry (as tests/e2e/own-server.ts does), an env file
 * with only a SECRETS_KEY in place of the checkout's .dev.vars, and without rebuilding (the run has built).
 */

const stateDir = join(".wrangler", "local-stack-e2e");

function freePort() {
  return new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function isListening(port: number) {
  return new Promise<boolean>((resolve) => {
    const socket = createServer().once("error", () => resolve(true));
    socket.listen(port, "127.0.0.1", () => socket.close(() => resolve(false)));
  });
}

/** The environment without any sign-in settings. */
function envWithout(names: string[], extra: Record<string, string>) {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  for (const name of names) delete env[name];
  return env;
}

function startStack(env: NodeJS.ProcessEnv, envFile: string) {
  const args = ["scripts/local-stack.mjs", "start", "--no-build", "--persist-to", stateDir, "--env-file", envFile];
  // Its own process group, as a terminal's: the test presses Ctrl-C by signalling the group.
  return spawn("node", args, { env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
}

/** Everything the process prints, a promise for its exit code, and one that resolves once `ready(text)` holds. */
function capture<T>(child: ChildProcess, ready: (text: string) => T | null = () => null) {
  const out = { text: "" };
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const seen = new Promise<T>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      out.text += chunk.toString();
      const value = ready(out.text);
      if (value !== null) resolve(value);
    };
    child.stdout!.on("data", read);
    child.stderr!.on("data", read);
    void exited.then((code) => reject(new Error(`npm start exited with ${code}:\n${out.text.slice(-3000)}`)));
  });
  seen.catch(() => {});
  return { out, exited, seen };
}

/** The printed URL and admin, once the ready banner is out. */
function banner(text: string) {
  const url = new RegExp(`${READY_LINE}(\\S+)`).exec(text)?.[1];
  const admin = /Admin: +(\S+@\S+) /.exec(text)?.[1];
  return url && admin ? { url, admin } : null;
}

let stack: ChildProcess | null = null;

test.afterAll(() => {
  if (stack?.pid && stack.exitCode === null) process.kill(-stack.pid, "SIGKILL");
});

test("npm start without OIDC settings: sign in at the local provider as the printed admin, open /admin; Ctrl-C stops it all", async ({
  page,
}) => {
  // It starts a whole local stack (wrangler dev and the provider): the framework's "slow test" budget.
  test.slow();
  const [port, idpPort] = [await freePort(), await freePort()];
  rmSync(stateDir, { recursive: true, force: true });
  mkdirSync(stateDir, { recursive: true });
  const envFile = join(stateDir, "test.env");
  writeFileSync(envFile, `SECRETS_KEY=${randomBytes(32).toString("base64")}\n`);
  const env = envWithout(["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET", "ADMIN_EMAILS"], {
    PORT: String(port),
    LOCAL_IDP_PORT: String(idpPort),
    WRANGLER_REGISTRY_PATH: join(stateDir, "registry"),
    CLOUDFLARE_CF_FETCH_ENABLED: "false",
    WRANGLER_SEND_METRICS: "false",
  });

  stack = startStack(env, envFile);
  const { out, exited, seen } = capture(stack, banner);
  const { url, admin } = await seen;
  expect(url).toBe(`http://localhost:${port}`);
  expect(out.text).toContain(`local identity provider (http://127.0.0.1:${idpPort})`);

  // A second one on the same port says so and stops.
  const second = capture(startStack(env, envFile));
  expect(await second.exited).toBe(1);
  expect(second.out.text).toContain(`Port ${port} (the app) is already in use`);

  // The production entry serves it: the cron handler answers /__scheduled.
  const cron = await page.request.get(`${url}/__scheduled?cron=${encodeURIComponent("*/15 * * * *")}`);
  expect(await cron.text()).toBe("Ran scheduled event");

  await page.goto(`${url}/landing`);
  await page.getByRole("banner").getByRole("link", { name: "Sign In" }).click();
  await page.waitForURL((next) => next.origin === `http://127.0.0.1:${idpPort}`);
  await expect(page.getByRole("heading", { name: "Sign in to the local identity provider" })).toBeVisible();
  await page.getByLabel("Name (optional)").fill("Ada Lovelace");
  await page.getByLabel("Email").fill(admin);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.waitForURL((next) => next.origin === url);

  await page.goto(`${url}/admin`);
  await expect(page.getByRole("heading", { name: "Admin", exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Conversion Funnel" })).toBeVisible();
  await expect(page.getByRole("banner")).toContainText("Ada Lovelace");

  // Ctrl-C: the script stops wrangler dev (its own process group, workerd included) and the provider, then exits.
  process.kill(-stack.pid!, "SIGINT");
  expect(await exited).toBe(0);
  expect(await isListening(port)).toBe(false);
  expect(await isListening(idpPort)).toBe(false);
});

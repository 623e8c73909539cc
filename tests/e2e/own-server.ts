import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };

/**
 * A second test server with its own local D1, for browser tests that arrange state no screen sets yet (an event
 * date, a plan without AI): the bundled Worker under Miniflare, as scripts/e2e-server.mjs serves the main one. SQL
 * is only run while it is stopped, so no other process writes to the database of a running server.
 */
export class OwnServer {
  readonly url: string;
  private child: ChildProcess | null = null;

  constructor(
    private readonly port: number,
    private readonly stateDir: string,
  ) {
    this.url = `http://localhost:${port}`;
  }

  /** A fresh database with the migrations applied. */
  reset() {
    rmSync(this.stateDir, { recursive: true, force: true });
    this.wrangler(["d1", "migrations", "apply", "DB", "--local", "--persist-to", this.stateDir]);
  }

  async start() {
    const bundle = join(this.stateDir, "bundle");
    if (!existsSync(join(bundle, "app.js"))) this.wrangler(["deploy", "--dry-run", "--outdir", bundle]);
    // Its own process group, so stopping it also stops workerd (which otherwise keeps the port).
    this.child = spawn("node", ["scripts/e2e-server.mjs", String(this.port), bundle, this.stateDir], {
      env,
      detached: true,
      stdio: ["ignore", "pipe", "ignore"],
    });
    await this.ready(this.child);
    const response = await fetch(`${this.url}/landing`);
    if (!response.ok) throw new Error(`the test server on ${this.url} answered ${response.status}`);
  }

  /**
   * Resolves when the server says it is listening ("ready on …"); rejects if it exits first. A start that hangs is
   * ended by the calling hook's or test's own timeout.
   */
  private ready(child: ChildProcess) {
    return new Promise<void>((resolve, reject) => {
      const exited = (code: number | null) => reject(new Error(`the test server exited with ${code}`));
      let output = "";
      let listening = false;
      child.once("exit", exited);
      // Read to the end even once ready, so a full pipe never blocks the server.
      child.stdout!.on("data", (chunk: Buffer) => {
        if (listening) return;
        output += chunk.toString();
        if (!output.includes("ready on ")) return;
        listening = true;
        child.off("exit", exited);
        resolve();
      });
    });
  }

  async stop() {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null || !child.pid) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    process.kill(-child.pid, "SIGTERM");
    if ((await Promise.race([exited, sleep(10_000, "timeout")])) === "timeout") process.kill(-child.pid, "SIGKILL");
  }

  /** Runs SQL against the stopped server's database. */
  sql(statement: string) {
    if (this.child) throw new Error("stop the server before writing to its database");
    this.wrangler(["d1", "execute", "DB", "--local", "--persist-to", this.stateDir, "--command", statement]);
  }

  private wrangler(args: string[]) {
    execFileSync("npx", ["wrangler", ...args], { env, stdio: "pipe" });
  }
}

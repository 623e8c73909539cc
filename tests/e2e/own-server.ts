import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };

/**
 * A second `wrangler dev` with its own local D1, for browser tests that arrange state no screen sets yet (an
 * event date, a plan without AI). SQL is only run while it is stopped: writing to the D1 file of a running
 * server from another process (`wrangler d1 execute`) later crashes that server.
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

  /**
   * Its own dev registry: wrangler dev instances of the same Worker name announce themselves in a shared
   * registry, and the main test server must not see this one come and go.
   */
  private get env() {
    return { ...env, WRANGLER_REGISTRY_PATH: join(this.stateDir, "registry") };
  }

  /** A fresh database with the migrations applied. */
  reset() {
    rmSync(this.stateDir, { recursive: true, force: true });
    this.wrangler(["d1", "migrations", "apply", "DB", "--local", "--persist-to", this.stateDir]);
  }

  async start() {
    // Bundled once and served without wrangler's esbuild watcher, as scripts/e2e-server.sh explains.
    const bundle = join(this.stateDir, "bundle");
    if (!existsSync(join(bundle, "app.js"))) this.wrangler(["deploy", "--dry-run", "--outdir", bundle]);
    // Its own process group, so stopping it also stops workerd (which otherwise keeps the port).
    const args = ["wrangler", "dev", join(bundle, "app.js"), "--no-bundle", "--port", String(this.port)];
    this.child = spawn("npx", [...args, "--persist-to", this.stateDir, "--show-interactive-dev-session=false"], {
      env: this.env,
      detached: true,
      stdio: ["ignore", "pipe", "ignore"],
    });
    await this.ready(this.child);
    const response = await fetch(`${this.url}/landing`);
    if (!response.ok) throw new Error(`wrangler dev on ${this.url} answered ${response.status}`);
  }

  /** Resolves when wrangler dev says it is listening ("Ready on …"); rejects if it exits first or takes 90 s. */
  private ready(child: ChildProcess) {
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`wrangler dev on ${this.url} was not ready within 90 s`)), 90_000);
      const exited = (code: number | null) => reject(new Error(`wrangler dev exited with ${code}`));
      let output = "";
      let listening = false;
      child.once("exit", exited);
      // Read to the end even once ready, so a full pipe never blocks the server.
      child.stdout!.on("data", (chunk: Buffer) => {
        if (listening) return;
        output += chunk.toString();
        if (!output.includes("Ready on ")) return;
        listening = true;
        clearTimeout(timer);
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
    execFileSync("npx", ["wrangler", ...args], { env: this.env, stdio: "pipe" });
  }
}

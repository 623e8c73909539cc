import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { readBody } from "./read-body";

/**
 * A local webhook receiver for the Workers and browser tests (ADR 049): any POST to `/hooks/<name>` is recorded with
 * its headers and raw body, exactly as received, and answered 200 unless told to fail.
 *
 * - `GET /__requests?path=/hooks/<name>` lists what that path received, oldest first.
 * - `POST /__fail {path, times, status?}` makes the next `times` deliveries to `path` fail with `status` (500).
 */

export interface ReceivedWebhook {
  path: string;
  headers: Record<string, string>;
  body: string;
  receivedAt: string;
  /** The status the receiver answered with. */
  answered: number;
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(body));
}

export async function startWebhookReceiver(port = 0) {
  const received: ReceivedWebhook[] = [];
  const failing = new Map<string, { times: number; status: number }>();
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://receiver");
    const body = await readBody(req);
    if (req.method === "GET" && url.pathname === "/__requests") {
      const path = url.searchParams.get("path");
      return send(res, 200, path ? received.filter((r) => r.path === path) : received);
    }
    if (req.method === "POST" && url.pathname === "/__fail") {
      const { path, times, status = 500 } = JSON.parse(body) as { path: string; times: number; status?: number };
      failing.set(path, { times, status });
      return send(res, 200, { ok: true });
    }
    if (req.method === "POST" && url.pathname.startsWith("/hooks/")) {
      const fail = failing.get(url.pathname);
      const answered = fail && fail.times > 0 ? fail.status : 200;
      if (fail && fail.times > 0) fail.times -= 1;
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([name, value]) => [
          name,
          Array.isArray(value) ? value.join(", ") : (value ?? ""),
        ]),
      );
      received.push({ path: url.pathname, headers, body, receivedAt: new Date().toISOString(), answered });
      return send(res, answered, { received: answered === 200 });
    }
    send(res, 404, { error: "Not found" });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: actual } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${actual}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

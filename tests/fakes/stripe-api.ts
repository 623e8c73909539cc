import { randomBytes } from "node:crypto";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { readBody } from "./read-body";

/**
 * A local fake of the Stripe API for the Workers and browser tests (no stripe-mock is obtainable here). It speaks
 * Stripe's REST as the SDK uses it: form-encoded POSTs with bracketed keys (`line_items[0][price]`), a Bearer
 * secret key, `Idempotency-Key`, JSON answers with Stripe's ids and objects, errors as `{error: {type, message}}`.
 *
 * - `POST /v1/customers`, `/v1/checkout/sessions`, `/v1/billing_portal/sessions` answer like Stripe. A Checkout
 *   Session's `url` is this server's `/checkout/<id>`, a portal session's `/portal/<id>`: small HTML pages with
 *   'Pay' / 'Cancel' (or 'Return') links to the session's return URLs, standing in for Stripe's hosted pages.
 * - Every API request is recorded; `GET /__requests?path=&customer=` lists them with the decoded body.
 * - `POST /__script {path, status, body?, times?}` makes the next `times` calls to `path` fail with that answer.
 */

export interface RecordedStripeRequest {
  seq: number;
  method: string;
  path: string;
  /** The form body decoded into nested objects and arrays, as Stripe reads it. */
  body: Record<string, any>;
  idempotencyKey: string | null;
  stripeVersion: string | null;
  /** The id of the object the fake answered with (`cs_test_…`, `cus_…`), once answered. */
  responseId?: string;
}

interface Scripted {
  path: string;
  status: number;
  body?: unknown;
  times: number;
}

/** `a[b][0][c]=v` → `{a: {b: [{c: "v"}]}}`: Stripe's form encoding of nested parameters. */
function decodeStripeForm(raw: string) {
  const root: Record<string, any> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const path = key.replace(/\]/g, "").split("[");
    let node: any = root;
    path.forEach((segment, i) => {
      if (i === path.length - 1) {
        node[segment] = value;
        return;
      }
      node[segment] ??= /^\d+$/.test(path[i + 1]) ? [] : {};
      node = node[segment];
    });
  }
  return root;
}

function send(res: ServerResponse, status: number, body: unknown, type = "application/json") {
  res.writeHead(status, { "content-type": `${type}; charset=utf-8`, "request-id": `req_${randomBytes(6).toString("hex")}` });
  res.end(typeof body === "string" ? body : JSON.stringify(body));
}

const stripeError = (type: string, message: string, extra: Record<string, unknown> = {}) => ({
  error: { type, message, ...extra },
});

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;
const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function page(title: string, lines: string[], links: Array<[string, string]>) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>
<main><h1>${escapeHtml(title)}</h1>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("")}
${links.map(([label, href]) => `<p><a href="${escapeHtml(href)}">${escapeHtml(label)}</a></p>`).join("")}</main></body></html>`;
}

export async function startFakeStripeApi(port = 0) {
  const requests: RecordedStripeRequest[] = [];
  const scripts: Scripted[] = [];
  const idempotent = new Map<string, unknown>();
  const sessions = new Map<string, Record<string, any>>();
  let seq = 0;
  let base = "";

  function create(path: string, body: Record<string, any>) {
    const created = Math.floor(Date.now() / 1000);
    switch (path) {
      case "/v1/customers":
        return {
          id: newId("cus"),
          object: "customer",
          created,
          email: body.email ?? null,
          name: body.name ?? null,
          metadata: body.metadata ?? {},
          livemode: false,
        };
      case "/v1/checkout/sessions": {
        if (body.mode !== "subscription" && body.mode !== "payment") return null;
        const id = newId("cs_test");
        const session = {
          id,
          object: "checkout.session",
          created,
          expires_at: created + 86_400,
          mode: body.mode,
          status: "open",
          payment_status: "unpaid",
          customer: body.customer ?? null,
          client_reference_id: body.client_reference_id ?? null,
          metadata: body.metadata ?? {},
          success_url: body.success_url,
          cancel_url: body.cancel_url,
          subscription: null,
          url: `${base}/checkout/${id}`,
          livemode: false,
        };
        sessions.set(id, session);
        return session;
      }
      case "/v1/billing_portal/sessions": {
        const id = newId("bps");
        const session = {
          id,
          object: "billing_portal.session",
          created,
          customer: body.customer,
          return_url: body.return_url ?? null,
          flow: body.flow_data ?? null,
          url: `${base}/portal/${id}`,
          livemode: false,
        };
        sessions.set(id, session);
        return session;
      }
      default:
        return undefined;
    }
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const raw = await readBody(req);

    if (req.method === "GET" && url.pathname === "/__requests") {
      const path = url.searchParams.get("path") ?? "";
      const customer = url.searchParams.get("customer");
      return send(
        res,
        200,
        requests.filter((r) => r.path.startsWith(path) && (!customer || r.body.customer === customer)),
      );
    }
    if (req.method === "POST" && url.pathname === "/__script") {
      const script = JSON.parse(raw) as Scripted;
      scripts.push({ ...script, times: script.times ?? 1 });
      return send(res, 200, { ok: true });
    }

    // Stand-ins for Stripe's hosted pages.
    const hosted = /^\/(checkout|portal)\/([\w-]+)$/.exec(url.pathname);
    if (req.method === "GET" && hosted) {
      const session = sessions.get(hosted[2]);
      if (!session) return send(res, 404, "No such session", "text/plain");
      if (hosted[1] === "checkout") {
        return send(
          res,
          200,
          page("Fake Stripe Checkout", [`Session ${session.id}`, `Subscribe with ${JSON.stringify(session.metadata)}`], [
            ["Pay", session.success_url],
            ["Cancel", session.cancel_url],
          ]),
          "text/html",
        );
      }
      const back = session.flow?.after_completion?.redirect?.return_url ?? session.return_url;
      return send(res, 200, page("Fake Stripe Customer Portal", [`Customer ${session.customer}`], [["Return", back]]), "text/html");
    }

    if (!url.pathname.startsWith("/v1/")) return send(res, 404, stripeError("invalid_request_error", "Unrecognized request URL"));
    const auth = req.headers.authorization ?? "";
    if (!/^Bearer sk_test_\w+/.test(auth)) {
      return send(res, 401, stripeError("invalid_request_error", "Invalid API Key provided"));
    }
    const body = decodeStripeForm(raw);
    const idempotencyKey = (req.headers["idempotency-key"] as string | undefined) ?? null;
    const recorded: RecordedStripeRequest = {
      seq: ++seq,
      method: req.method ?? "GET",
      path: url.pathname,
      body,
      idempotencyKey,
      stripeVersion: (req.headers["stripe-version"] as string | undefined) ?? null,
    };
    requests.push(recorded);

    const scripted = scripts.find((s) => s.times > 0 && s.path === url.pathname);
    if (scripted) {
      scripted.times -= 1;
      return send(res, scripted.status, scripted.body ?? stripeError("api_error", "Scripted failure"));
    }
    if (req.method !== "POST") return send(res, 405, stripeError("invalid_request_error", "Only POST is faked"));
    const cacheKey = idempotencyKey ? `${url.pathname} ${idempotencyKey}` : null;
    const replayed = cacheKey ? (idempotent.get(cacheKey) as { id: string } | undefined) : undefined;
    if (replayed) {
      recorded.responseId = replayed.id;
      return send(res, 200, replayed);
    }
    const object = create(url.pathname, body);
    if (object === undefined) return send(res, 404, stripeError("invalid_request_error", `Unrecognized request URL (POST: ${url.pathname})`));
    if (object === null) return send(res, 400, stripeError("invalid_request_error", "Invalid mode", { param: "mode" }));
    if (cacheKey) idempotent.set(cacheKey, object);
    recorded.responseId = object.id;
    return send(res, 200, object);
  });

  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: bound } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${bound}`;
  return {
    url: base,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

import { exports } from "cloudflare:workers";

export const ORIGIN = "http://localhost";

/** Sends a request to the Worker under test, as the deployed Worker would receive it. */
export function call(path: string, init: RequestInit & { token?: string; json?: unknown } = {}) {
  const { token, json, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (token) headers.set("x-demo-token", token);
  if (json !== undefined) {
    headers.set("content-type", "application/json");
    rest.body = JSON.stringify(json);
  }
  return exports.default.fetch(new Request(`${ORIGIN}${path}`, { ...rest, headers }));
}

let counter = 0;
/** A fresh demo account (its own workspace) for a test. */
export async function signUp(name = "Maria Lopez") {
  counter += 1;
  const res = await call("/api/demo/signup", {
    method: "POST",
    json: { name, email: `producer${counter}-${Date.now()}@example.com` },
  });
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { token: string; user: { id: string } };
  return { token: body.token, user: body.user, cookie: res.headers.get("set-cookie")! };
}

export async function createTask(token: string, body: Record<string, unknown>) {
  const res = await call("/api/tasks", { method: "POST", token, json: body });
  return { res, body: (await res.json()) as Record<string, any> };
}

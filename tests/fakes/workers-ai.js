/**
 * A stand-in for the Workers AI binding in the workers-ai test project (vitest.workers-ai.config.ts). It
 * answers `run(model, input)` like Workers AI: `{ response }`, an object in JSON mode, text otherwise.
 * Scripted by the text it is given, so each test says in its own input what the "model" does:
 *   [garbage]  answers malformed JSON
 *   [error]    throws, as the binding does when the model is unavailable
 *   [empty]    answers an empty response
 * Otherwise, for a JSON-mode request (task extraction) each line becomes one draft read naively, as a model
 * would: the deadline words after "by" or "due" kept as written, "@name" the assignee, "#word" the category
 * as typed (any word), "!" high priority, "(Nh)" the estimate. Other requests (the assistant's phrasing) get
 * the facts back behind "Here is what I found:". Every call is recorded (`recordedCalls()`), so a test can prove
 * the model was never asked. (Our 3 s limit on the model is tested on a fake clock in the unit tests.)
 */
import { WorkerEntrypoint } from "cloudflare:workers";

function draftFrom(line) {
  const assignee = /@(\w+)/.exec(line)?.[1] ?? null;
  const category = /#(\w+)/.exec(line)?.[1] ?? null;
  const hours = /\((\d+(?:\.\d+)?)h\)/.exec(line)?.[1];
  const due = /\b(?:by|due)\s+([^@#!(]+)/i.exec(line)?.[1]?.trim() ?? null;
  const title = line
    .replace(/\b(?:by|due)\s+[^@#!(]+/i, "")
    .replace(/[@#]\w+|\(\d+(?:\.\d+)?h\)|!/g, "")
    .replace(/\s+/g, " ")
    .trim();
  return {
    title,
    description: null,
    due,
    assignee,
    priority: line.includes("!") ? "high" : null,
    category,
    estimatedHours: hours ? Number(hours) : null,
  };
}

/** Every call so far, oldest first: the model and the user message it was given. */
const calls = [];

function run(model, input) {
  const user = input.messages.find((m) => m.role === "user")?.content ?? "";
  calls.push({ model, user });
  return answer(model, input, user);
}

async function answer(model, input, user) {
  if (user.includes("[error]")) throw new Error("5007: no such model or task");
  if (user.includes("[garbage]")) return { response: '{"tasks": [{"title": "Book bus' };
  if (user.includes("[empty]")) return { response: "" };
  if (input.response_format?.type === "json_schema") {
    const lines = user.split("\n").map((l) => l.replace(/\[\w+\]/g, "").trim()).filter(Boolean);
    return { response: { tasks: lines.map(draftFrom) }, model };
  }
  const facts = user.split("Facts:\n")[1] ?? "";
  return { response: `Here is what I found:\n${facts}` };
}

/** Bound as env.AI through a service binding: the Worker calls `env.AI.run(...)` over RPC, as on the real binding. */
export default class FakeWorkersAi extends WorkerEntrypoint {
  run(model, input) {
    return run(model, input);
  }

  recordedCalls() {
    return calls;
  }
}

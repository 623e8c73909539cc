import { readdirSync, readFileSync } from "node:fs";

/**
 * CPU profiles of the Worker for the bench (`npm run bench -- --profile`): wrangler dev exposes workerd's V8
 * inspector (`--inspector-port`), and this speaks the Chrome DevTools Protocol to it over a plain WebSocket
 * (Profiler.enable / start / stop), then sums the samples by function. The summary's `cpuMs` is the time V8 spent
 * running JavaScript or collecting garbage (every sample but `(idle)`), which divided by the requests answered
 * meanwhile gives a CPU cost per request that moves much less with the machine's load than req/s does.
 */

/** The first inspectable target behind the inspector port, connected; `send(method, params)` answers its result. */
export async function connectInspector(port) {
  const targets = await (await fetch(`http://127.0.0.1:${port}/json`)).json();
  const target = targets.find((t) => t.webSocketDebuggerUrl);
  if (!target) throw new Error(`no inspectable target on port ${port}`);
  // Miniflare's inspector proxy wants an Origin it trusts (loopback, DevTools' own hosts); Node's WebSocket
  // (undici) sends none unless told.
  const socket = new WebSocket(target.webSocketDebuggerUrl, { headers: { origin: "http://127.0.0.1" } });
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve, { once: true });
    socket.addEventListener("error", () => reject(new Error(`cannot connect to ${target.webSocketDebuggerUrl}`)), { once: true });
  });
  let nextId = 1;
  const pending = new Map();
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data));
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    if (message.error) waiting.reject(new Error(`${waiting.method}: ${message.error.message}`));
    else waiting.resolve(message.result);
  });
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject, method });
      socket.send(JSON.stringify({ id, method, params }));
    });
  return { send, close: () => socket.close() };
}

/** Starts sampling every `intervalUs` microseconds. */
export async function startProfile(inspector, intervalUs = 200) {
  await inspector.send("Profiler.enable");
  await inspector.send("Profiler.setSamplingInterval", { interval: intervalUs });
  await inspector.send("Profiler.start");
}

export async function stopProfile(inspector) {
  const { profile } = await inspector.send("Profiler.stop");
  return profile;
}

const IDLE = "(idle)";

/** `name file:line` of a profile node, short enough for a table. */
export function frameLabel(callFrame) {
  const name = callFrame.functionName || "(anonymous)";
  if (!callFrame.url) return name;
  const file = callFrame.url.split("/").pop();
  return `${name} ${file}:${callFrame.lineNumber + 1}`;
}

/**
 * Self and total time per function (by label, so one function reached through many call paths counts once) in
 * a V8 `Profiler.Profile`: each sample's time is the delta to the next sample (the last one gets none).
 * Total time counts a function once per sample even when it recurses.
 */
export function summarizeProfile(profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const selfUs = new Map();
  const totalUs = new Map();
  let cpuUs = 0;
  let idleUs = 0;
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const us = deltas[i + 1] ?? 0;
    const node = byId.get(samples[i]);
    const label = frameLabel(node.callFrame);
    if (node.callFrame.functionName === IDLE) {
      idleUs += us;
      continue;
    }
    cpuUs += us;
    selfUs.set(label, (selfUs.get(label) ?? 0) + us);
    const seen = new Set();
    for (let id = node.id; id !== undefined; id = parent.get(id)) {
      const frame = byId.get(id).callFrame;
      if (frame.functionName === "(root)") continue;
      const l = frameLabel(frame);
      if (seen.has(l)) continue;
      seen.add(l);
      totalUs.set(l, (totalUs.get(l) ?? 0) + us);
    }
  }
  const ranked = (map) =>
    [...map.entries()].map(([label, us]) => ({ label, ms: us / 1000, share: cpuUs ? us / cpuUs : 0 })).sort((a, b) => b.ms - a.ms);
  return { cpuMs: cpuUs / 1000, idleMs: idleUs / 1000, self: ranked(selfUs), total: ranked(totalUs) };
}

/**
 * The `/proc/<pid>/stat` fields after the command of each process of a process group whose command is `name`
 * (wrangler dev's `workerd`); null where there is no /proc. Field 0 is the state, 11 and 12 the user and system
 * CPU ticks, 21 the resident set in pages (proc(5), numbered from 3).
 */
function groupStats(pgid, name) {
  let entries;
  try {
    entries = readdirSync("/proc");
  } catch {
    return null;
  }
  const stats = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue;
    }
    // pid (comm) state ppid pgrp …: comm may hold spaces, so fields are counted after its closing parenthesis.
    const close = stat.lastIndexOf(")");
    const comm = stat.slice(stat.indexOf("(") + 1, close);
    const fields = stat.slice(close + 2).split(" ");
    if (comm === name && Number(fields[2]) === pgid) stats.push(fields);
  }
  return stats;
}

/**
 * CPU time (user + system, in ms) used so far by the processes of a process group whose command is `name`
 * (wrangler dev's `workerd`), from /proc; null where there is no /proc. Unlike req/s, CPU per request read this
 * way barely moves when other work shares the machine. `ticksPerSecond` is `getconf CLK_TCK` (100 on Linux).
 */
export function groupCpuMs(pgid, name, ticksPerSecond = 100) {
  const stats = groupStats(pgid, name);
  if (!stats) return null;
  const ticks = stats.reduce((sum, fields) => sum + Number(fields[11]) + Number(fields[12]), 0);
  return (ticks * 1000) / ticksPerSecond;
}

/**
 * The resident memory (MB) of the largest process of a process group whose command is `name`, from /proc; null
 * where there is no /proc, 0 when there is no such process. `pageBytes` is `getconf PAGESIZE`.
 */
export function groupLargestRssMb(pgid, name, pageBytes = 4096) {
  const stats = groupStats(pgid, name);
  if (!stats) return null;
  return stats.reduce((largest, fields) => Math.max(largest, (Number(fields[21]) * pageBytes) / 2 ** 20), 0);
}

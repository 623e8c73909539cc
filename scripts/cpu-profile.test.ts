import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { frameLabel, groupCpuMs, groupLargestRssMb, summarizeProfile } from "./cpu-profile.mjs";

const frame = (functionName: string, url = "", lineNumber = 0) => ({ functionName, url, lineNumber, columnNumber: 0 });

describe("summarizeProfile", () => {
  // root → handle → render → flush; root → (idle); handle also calls itself (recursion counts once in total).
  const profile = {
    nodes: [
      { id: 1, callFrame: frame("(root)"), children: [2, 5] },
      { id: 2, callFrame: frame("handle", "file:///x/app.js", 9), children: [3, 6] },
      { id: 3, callFrame: frame("render", "file:///x/app.js", 19), children: [4] },
      { id: 4, callFrame: frame("flush", "file:///x/app.js", 29) },
      { id: 5, callFrame: frame("(idle)") },
      { id: 6, callFrame: frame("handle", "file:///x/app.js", 9) },
    ],
    // Each sample's time is the delta to the next one.
    samples: [4, 4, 3, 5, 6, 2],
    timeDeltas: [0, 1000, 1000, 2000, 3000, 4000, 0],
  };

  it("sums self time by function and leaves idle out of the CPU", () => {
    const summary = summarizeProfile(profile);
    expect(summary.cpuMs).toBe(1 + 1 + 2 + 4 + 0);
    expect(summary.idleMs).toBe(3);
    expect(summary.self.map((f) => [f.label, f.ms])).toEqual([
      ["handle app.js:10", 4],
      ["flush app.js:30", 2],
      ["render app.js:20", 2],
    ]);
  });

  it("counts a function once per sample in its total time", () => {
    const total = Object.fromEntries(summarizeProfile(profile).total.map((f) => [f.label, f.ms]));
    expect(total).toEqual({ "handle app.js:10": 8, "render app.js:20": 4, "flush app.js:30": 2 });
  });

  it("labels frames without a file by name", () => {
    expect(frameLabel(frame("(garbage collector)"))).toBe("(garbage collector)");
    expect(frameLabel(frame(""))).toBe("(anonymous)");
  });
});

/** This process's command and process group, from /proc. */
function ownGroup() {
  const stat = readFileSync("/proc/self/stat", "utf8");
  const close = stat.lastIndexOf(")");
  return { comm: stat.slice(stat.indexOf("(") + 1, close), pgrp: Number(stat.slice(close + 2).split(" ")[2]) };
}

describe("groupCpuMs", () => {
  it.runIf(existsSync("/proc/self/stat"))("adds up the CPU of a group's processes with that command", () => {
    const { comm, pgrp } = ownGroup();
    expect(groupCpuMs(pgrp, comm)).toBeGreaterThan(0);
    expect(groupCpuMs(pgrp, "no-such-command")).toBe(0);
  });
});

describe("groupLargestRssMb", () => {
  it.runIf(existsSync("/proc/self/status"))("reads the resident memory of the group's largest process", () => {
    const { comm, pgrp } = ownGroup();
    const ownMb = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync("/proc/self/status", "utf8"))?.[1]) / 1024;
    // This process is one of the group's (others with its command may be larger); both reads see the same pages, give
    // or take what the test allocates between them.
    expect(groupLargestRssMb(pgrp, comm)).toBeGreaterThanOrEqual(ownMb * 0.9);
    expect(groupLargestRssMb(pgrp, "no-such-command")).toBe(0);
  });
});

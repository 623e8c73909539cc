import { describe, expect, it } from "vitest";
import { DEFAULT_SIZES, parseBenchOptions, parseSizes, TEAM_SIZES } from "./bench-options.mjs";

describe("parseSizes", () => {
  it("reads a comma list into ascending distinct counts", () => {
    expect(parseSizes("1000, 100,5_000,100")).toEqual([100, 1000, 5000]);
  });

  it.each(["", "100,abc", "0", "-5", "1.5"])("refuses %j", (text) => {
    expect(() => parseSizes(text)).toThrow();
  });
});

describe("parseBenchOptions", () => {
  it("measures 100, 1,000 and 5,000 tasks in one workspace by default", () => {
    expect(parseBenchOptions([], {})).toMatchObject({
      quick: false,
      sizes: DEFAULT_SIZES,
      workspaces: 1,
      loadSeconds: 5,
      connections: 10,
      rounds: 1,
      live: true,
      browser: true,
      parserOnly: false,
      jsOnly: false,
    });
  });

  it("keeps a quick run to 1 s loads at 100 tasks", () => {
    expect(parseBenchOptions(["--quick"], {})).toMatchObject({
      quick: true,
      sizes: [100],
      loadSeconds: 1,
      liveWrites: 5,
    });
    expect(parseBenchOptions([], { BENCH_QUICK: "1" })).toMatchObject({ quick: true, sizes: [100] });
  });

  it("takes flags over the environment", () => {
    const env = { BENCH_SIZES: "100,1000", BENCH_WORKSPACES: "3", BENCH_SECONDS: "2" };
    expect(parseBenchOptions([], env)).toMatchObject({ sizes: [100, 1000], workspaces: 3, loadSeconds: 2 });
    expect(parseBenchOptions(["--sizes=250", "--workspaces=5", "--quick"], env)).toMatchObject({
      sizes: [250],
      workspaces: 5,
      loadSeconds: 2,
    });
  });

  it("reads the switches", () => {
    expect(parseBenchOptions(["--parser-only", "--no-live", "--no-browser"], {})).toMatchObject({
      parserOnly: true,
      live: false,
      browser: false,
    });
    expect(parseBenchOptions(["--js-only"], {})).toMatchObject({ jsOnly: true, parserOnly: false, browser: true });
  });

  it("loads each route as many rounds as asked", () => {
    expect(parseBenchOptions(["--rounds=3"], {})).toMatchObject({ rounds: 3 });
    expect(parseBenchOptions([], { BENCH_ROUNDS: "2" })).toMatchObject({ rounds: 2 });
  });

  it("measures every route unprofiled unless told", () => {
    expect(parseBenchOptions([], {})).toMatchObject({ routes: null, profile: false });
    expect(parseBenchOptions(["--routes=/tasks, /api/tasks?limit=100,/tasks", "--profile"], {})).toMatchObject({
      routes: ["/tasks", "/api/tasks?limit=100"],
      profile: true,
    });
    expect(parseBenchOptions([], { BENCH_ROUTES: "/dashboard" })).toMatchObject({ routes: ["/dashboard"] });
  });

  it("measures a team at work after the idle loads, from 1,000 tasks, a write every 250 ms", () => {
    expect(parseBenchOptions([], {})).toMatchObject({ teamOnly: false, teamSizes: [1000, 5000], writeEveryMs: 250 });
    // A quick run has no size that large: its one size shows the mode works.
    expect(parseBenchOptions(["--quick"], {})).toMatchObject({ teamSizes: [100] });
    expect(parseBenchOptions(["--sizes=100,2000"], {})).toMatchObject({ teamSizes: [2000] });
    expect(parseBenchOptions(["--no-team"], {})).toMatchObject({ teamSizes: [] });
  });

  it("runs only the team at work at 1,000 and 5,000 tasks with --team-only", () => {
    expect(parseBenchOptions(["--team-only"], {})).toMatchObject({ teamOnly: true, sizes: TEAM_SIZES, teamSizes: TEAM_SIZES });
    expect(parseBenchOptions(["--team-only", "--sizes=1000"], {})).toMatchObject({ sizes: [1000], teamSizes: [1000] });
    expect(parseBenchOptions(["--team-only", "--quick"], {})).toMatchObject({ teamSizes: TEAM_SIZES, loadSeconds: 1 });
  });

  it("takes the teammate's pace from a flag or the environment", () => {
    expect(parseBenchOptions(["--write-every=100"], {})).toMatchObject({ writeEveryMs: 100 });
    expect(parseBenchOptions([], { BENCH_WRITE_EVERY: "500" })).toMatchObject({ writeEveryMs: 500 });
    expect(parseBenchOptions(["--write-every=1000"], { BENCH_WRITE_EVERY: "500" })).toMatchObject({ writeEveryMs: 1000 });
  });

  it.each([["--size=100"], ["quick"], ["--workspaces=0"], ["--workspaces=41"], ["--seconds=x"], ["--rounds=0"], ["--routes=tasks"], ["--routes="], ["--write-every=0"], ["--write-every=fast"]])(
    "refuses %j",
    (arg) => {
      expect(() => parseBenchOptions([arg], {})).toThrow();
    },
  );

  it.each([[["--team-only", "--no-team"]], [["--team-only", "--js-only"]]])("refuses %j together", (args) => {
    expect(() => parseBenchOptions(args, {})).toThrow(/contradict/);
  });
});

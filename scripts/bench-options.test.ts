import { describe, expect, it } from "vitest";
import { DEFAULT_SIZES, parseBenchOptions, parseSizes } from "./bench-options.mjs";

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

  it.each([["--size=100"], ["quick"], ["--workspaces=0"], ["--workspaces=41"], ["--seconds=x"], ["--rounds=0"], ["--routes=tasks"], ["--routes="]])(
    "refuses %j",
    (arg) => {
      expect(() => parseBenchOptions([arg], {})).toThrow();
    },
  );
});

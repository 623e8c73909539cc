import { describe, expect, it } from "vitest";
import {
  cleanStageName,
  findStageByName,
  NO_STAGE_LABEL,
  readStageView,
  stageLabel,
  stageNameProblem,
  stageParam,
  STAGE_NAME_MAX,
} from "./stages";

const STAGES = [
  { id: "s1", name: "Main stage" },
  { id: "s2", name: "Tent" },
];

describe("stageNameProblem", () => {
  it.each([
    ["Forest room", null],
    ["  Forest   room ", null],
    ["", "Stage name is required"],
    ["   ", "Stage name is required"],
    ["x".repeat(STAGE_NAME_MAX), null],
    ["x".repeat(STAGE_NAME_MAX + 1), `Stage name must be at most ${STAGE_NAME_MAX} characters`],
    ["main  STAGE", "A stage named “Main stage” already exists"],
    ["no stage", `“${NO_STAGE_LABEL}” is kept for the cues on no stage`],
  ])("%j → %j", (name, problem) => {
    expect(stageNameProblem(name, STAGES)).toBe(problem);
  });

  it("lets a stage keep its own name in another case", () => {
    expect(stageNameProblem("TENT", STAGES, "s2")).toBeNull();
    expect(stageNameProblem("TENT", STAGES, "s1")).toBe("A stage named “Tent” already exists");
  });

  it("keeps names trimmed with single spaces", () => {
    expect(cleanStageName("  Big   top ")).toBe("Big top");
  });
});

describe("readStageView", () => {
  it.each([
    [null, STAGES, { kind: "all" }],
    ["all", STAGES, { kind: "all" }],
    ["s2", STAGES, { kind: "one", stageId: "s2" }],
    ["none", STAGES, { kind: "one", stageId: null }],
    ["someone-elses", STAGES, { kind: "all" }],
    [null, [], { kind: "one", stageId: null }],
    ["s2", [], { kind: "one", stageId: null }],
  ] as const)("?stage=%s → %j", (param, stages, view) => {
    expect(readStageView(param, stages)).toEqual(view);
  });
});

describe("names and params", () => {
  it("finds a stage by its name in any case and spacing, and 'No stage' as the cues on none", () => {
    expect(findStageByName(STAGES, " main   stage ")).toEqual(STAGES[0]);
    expect(findStageByName(STAGES, "No Stage")).toEqual({ id: null });
    expect(findStageByName(STAGES, "Arena")).toBeUndefined();
  });

  it("labels and params the sheet of cues on no stage", () => {
    expect(stageLabel(STAGES, "s2")).toBe("Tent");
    expect(stageLabel(STAGES, null)).toBe(NO_STAGE_LABEL);
    expect(stageParam(null)).toBe("none");
    expect(stageParam("s1")).toBe("s1");
  });
});

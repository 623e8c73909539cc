/**
 * Stages and rooms (issue 33, ADR 037): a festival's stages, named in Settings, each with its own cue sheet per event
 * day and its own show mode. Cues on no stage make one more sheet: the only one of a workspace without stages.
 */

export const STAGE_NAME_MAX = 40;
/** Stages per workspace: a big festival's stages and rooms, never an unbounded list of sheets side by side. */
export const MAX_STAGES = 12;
/** What the sheet of cues on no stage is called wherever stages exist. */
export const NO_STAGE_LABEL = "No stage";

export interface Stage {
  id: string;
  name: string;
}

/**
 * Which sheets of a day a page shows, as `?stage=` says: `all` side by side, one stage by id, or `none` (the cues on
 * no stage). Absent or unknown: every sheet when the workspace has stages (the one sheet otherwise).
 */
export type StageView = { kind: "all" } | { kind: "one"; stageId: string | null };

/** Reads `?stage=` against the workspace's stages; an id that is not one of them shows every sheet. */
export function readStageView(param: string | null, stages: readonly Stage[]): StageView {
  if (stages.length === 0) return { kind: "one", stageId: null };
  if (param === "none") return { kind: "one", stageId: null };
  if (param && stages.some((s) => s.id === param)) return { kind: "one", stageId: param };
  return { kind: "all" };
}

/** `?stage=` for one sheet: the stage's id, or `none` for the cues on no stage. */
export const stageParam = (stageId: string | null) => stageId ?? "none";

/** A stage's name as people see it; the sheet of cues on no stage is `NO_STAGE_LABEL`. */
export function stageLabel(stages: readonly Stage[], stageId: string | null) {
  if (stageId === null) return NO_STAGE_LABEL;
  return stages.find((s) => s.id === stageId)?.name ?? NO_STAGE_LABEL;
}

/** Compares names as the workspace's uniqueness does: trimmed, spaces collapsed, whatever the case. */
const nameKey = (name: string) => name.trim().replace(/\s+/g, " ").toLowerCase();

/** A name as it is kept: trimmed, runs of spaces made one. */
export const cleanStageName = (name: string) => name.trim().replace(/\s+/g, " ");

/**
 * Why `name` cannot name a stage among `stages` (the stage being renamed, `exceptId`, aside), or null: required, at
 * most `STAGE_NAME_MAX` characters, not "No stage" (the sheet of cues on none), not another stage's name in any case.
 */
export function stageNameProblem(name: string, stages: readonly Stage[], exceptId?: string): string | null {
  const clean = cleanStageName(name);
  if (!clean) return "Stage name is required";
  if (clean.length > STAGE_NAME_MAX) return `Stage name must be at most ${STAGE_NAME_MAX} characters`;
  if (nameKey(clean) === nameKey(NO_STAGE_LABEL)) return `“${NO_STAGE_LABEL}” is kept for the cues on no stage`;
  const taken = stages.find((s) => s.id !== exceptId && nameKey(s.name) === nameKey(clean));
  return taken ? `A stage named “${taken.name}” already exists` : null;
}

/**
 * The stage a person names (Slack's `/cue Main stage`, a CSV's stage column): the one whose name matches in any case
 * and spacing; `NO_STAGE_LABEL` names the cues on none. Undefined when nothing matches.
 */
export function findStageByName(stages: readonly Stage[], text: string): Stage | { id: null } | undefined {
  const key = nameKey(text);
  if (key === nameKey(NO_STAGE_LABEL)) return { id: null };
  return stages.find((s) => nameKey(s.name) === key);
}

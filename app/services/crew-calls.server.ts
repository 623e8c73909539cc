import { readInBatch } from "~/db/client";
import type { CrewCallRow, CrewPersonRow, WorkspaceRow } from "~/db/schema";
import {
  callProblems,
  crewCallWarnings,
  cueOwnerOf,
  formatCallDay,
  type CallCreateInput,
  type CallUpdateInput,
  type CrewWarning,
} from "~/domain/crew-calls";
import { addDays, wallClock } from "~/domain/dates";
import { badRequest, conflict, notFound } from "~/domain/errors";
import { defaultShowDay, eventDays, type PlannedCue } from "~/domain/show";
import type { Stage } from "~/domain/stages";
import { newId } from "~/lib/crypto";
import * as crewModel from "~/models/crew";
import { MAX_CALLS_PER_DAY } from "~/models/crew";
import * as showModel from "~/models/show";
import { readTogether, type ActorCtx } from "./context.server";
import { queueDaySheetCheck } from "./day-sheet-changes.server";
import { plannedDayCues } from "./show.server";
import { listStages, requireStageId } from "./stages.server";

/**
 * Calls (issue 35, ADR 043): when and where a person or a department is wanted on an event day. Owners and members
 * both write them, as both write the run of show. Every rule lives here, so the page, the API and anything later
 * agree: a call names someone of the caller's directory (or a department), a stage of the workspace, and one of the
 * event's days; a day holds at most MAX_CALLS_PER_DAY calls. Each write queues a check of the day sheets already
 * sent for the days it touched.
 */

export const PERSON_UNKNOWN = "Choose someone from the crew directory";

/** A call as the API answers it and the page shows it. */
export function toCallDto(
  row: CrewCallRow,
  people: ReadonlyMap<string, Pick<CrewPersonRow, "name">>,
  stages: readonly Stage[],
) {
  return {
    id: row.id,
    day: row.day,
    personId: row.personId,
    personName: row.personId ? (people.get(row.personId)?.name ?? null) : null,
    department: row.department,
    start: row.startTime,
    end: row.endTime,
    location: row.location,
    stageId: row.stageId,
    stageName: stages.find((s) => s.id === row.stageId)?.name ?? null,
    notes: row.notes,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
export type CallDto = ReturnType<typeof toCallDto>;

/** "Fri 5 – Sun 7 Jun": the event's days, for a refusal. */
function eventDaysText(days: readonly string[]) {
  if (days.length === 0) return "";
  return days.length === 1 ? formatCallDay(days[0]) : `${formatCallDay(days[0])} – ${formatCallDay(days.at(-1)!)}`;
}

/** A 400 on `day` unless it is one of the event's days. */
function requireEventDay(workspace: WorkspaceRow, day: string) {
  const days = eventDays(workspace).map((d) => d.day);
  if (days.length === 0) {
    const message = "Set the event date in Settings before adding calls";
    throw badRequest(message, { day: [message] });
  }
  if (!days.includes(day)) {
    const message = `Choose one of the event's days (${eventDaysText(days)})`;
    throw badRequest(message, { day: [message] });
  }
}

/** The directory entry `personId` names in the caller's workspace, or a 400 on `personId`. */
async function requirePerson(ctx: ActorCtx, personId: string | null) {
  if (personId === null) return null;
  const person = await crewModel.getCrewPerson(ctx.db, ctx.actor.workspace.id, personId);
  if (!person) throw badRequest(PERSON_UNKNOWN, { personId: [PERSON_UNKNOWN] });
  return person;
}

async function requireCall(ctx: ActorCtx, id: string) {
  const call = id.length <= 64 ? await crewModel.getCall(ctx.db, ctx.actor.workspace.id, id) : undefined;
  if (!call) throw notFound("Call not found");
  return call;
}

const callsFull = () =>
  conflict(`A day holds at most ${MAX_CALLS_PER_DAY} calls; remove one first`, { limit: MAX_CALLS_PER_DAY });

function refuseProblems(problems: Record<string, string[]>) {
  const [first] = Object.values(problems);
  if (first) throw badRequest(first[0], problems);
}

async function dtoOf(ctx: ActorCtx, row: CrewCallRow) {
  const [person, stages] = await Promise.all([
    row.personId ? crewModel.getCrewPerson(ctx.db, ctx.actor.workspace.id, row.personId) : undefined,
    listStages(ctx, ctx.actor.workspace.id),
  ]);
  return toCallDto(row, new Map(person ? [[person.id, person]] : []), stages);
}

/** `POST /api/calls` and the add form. */
export async function createCall(ctx: ActorCtx, input: CallCreateInput) {
  const { workspace, user } = ctx.actor;
  refuseProblems(callProblems(input));
  requireEventDay(workspace, input.day);
  await Promise.all([requirePerson(ctx, input.personId), requireStageId(ctx, input.stageId)]);
  const now = ctx.now.toISOString();
  const row: CrewCallRow = {
    id: newId(),
    workspaceId: workspace.id,
    day: input.day,
    personId: input.personId,
    // A person's call is theirs: their department is read from the directory, not stored twice.
    department: input.personId ? null : input.department,
    startTime: input.start,
    endTime: input.end,
    location: input.location,
    stageId: input.stageId,
    notes: input.notes,
    createdBy: user.id,
    createdAt: now,
    updatedAt: now,
  };
  const inserted = await crewModel.insertCallIfRoom(ctx.db, row);
  if (inserted.length === 0) throw callsFull();
  await queueDaySheetCheck(ctx, workspace.id, [row.day]);
  return dtoOf(ctx, row);
}

/** `PATCH /api/calls/{id}` and the edit form: the fields given, checked as a whole call. */
export async function updateCall(ctx: ActorCtx, input: { id: string; changes: CallUpdateInput }) {
  const { workspace } = ctx.actor;
  const current = await requireCall(ctx, input.id);
  const { changes } = input;
  const merged = {
    day: changes.day ?? current.day,
    personId: changes.personId !== undefined ? changes.personId : current.personId,
    department: changes.department !== undefined ? changes.department : current.department,
    start: changes.start ?? current.startTime,
    end: changes.end !== undefined ? changes.end : current.endTime,
    location: changes.location !== undefined ? changes.location : current.location,
    stageId: changes.stageId !== undefined ? changes.stageId : current.stageId,
    notes: changes.notes !== undefined ? changes.notes : current.notes,
  };
  // Naming a person makes it their call; naming only a department makes it the department's.
  if (changes.personId === undefined && changes.department) merged.personId = null;
  refuseProblems(callProblems(merged));
  if (merged.day !== current.day) requireEventDay(workspace, merged.day);
  await Promise.all([
    changes.personId !== undefined ? requirePerson(ctx, merged.personId) : undefined,
    changes.stageId !== undefined ? requireStageId(ctx, merged.stageId) : undefined,
  ]);
  const [row] = await crewModel.updateCall(
    ctx.db,
    workspace.id,
    current.id,
    {
      day: merged.day,
      personId: merged.personId,
      department: merged.personId ? null : merged.department,
      startTime: merged.start,
      endTime: merged.end,
      location: merged.location,
      stageId: merged.stageId,
      notes: merged.notes,
      updatedAt: ctx.now.toISOString(),
    },
    merged.day !== current.day ? merged.day : undefined,
  );
  if (!row) {
    if (!(await crewModel.getCall(ctx.db, workspace.id, current.id))) throw notFound("Call not found");
    throw callsFull();
  }
  await queueDaySheetCheck(ctx, workspace.id, [current.day, row.day]);
  return dtoOf(ctx, row);
}

/** `DELETE /api/calls/{id}` and the delete button. */
export async function deleteCall(ctx: ActorCtx, id: string) {
  const { workspace } = ctx.actor;
  await requireCall(ctx, id);
  const [row] = await crewModel.deleteCall(ctx.db, workspace.id, id);
  if (!row) throw notFound("Call not found");
  await queueDaySheetCheck(ctx, workspace.id, [row.day]);
  return row;
}

/** `GET /api/calls/{id}`. */
export async function getCall(ctx: ActorCtx, id: string) {
  return dtoOf(ctx, await requireCall(ctx, id));
}

/** A cue beside the calls: its planned time on the venue's clock and who owns it. */
function toCueBeside(cue: PlannedCue & { stageId: string | null }, people: readonly CrewPersonRow[], timezone: string) {
  return {
    id: cue.id,
    title: cue.title,
    time: wallClock(new Date(cue.plannedStart), timezone).time,
    plannedStart: cue.plannedStart,
    department: cue.department,
    owner: cueOwnerOf(cue, people)?.name ?? cue.assigneeName,
    stageId: cue.stageId,
  };
}

/**
 * One day's calls with their warnings (ADR 043), the day's cues beside them, and what the forms offer (the event's
 * days, the directory, the stages). Two D1 round trips at most: the day's reads go out together.
 */
export async function loadCallsDay(ctx: ActorCtx, requestedDay: string | undefined) {
  const { workspace } = ctx.actor;
  const days = eventDays(workspace);
  const day = requestedDay ?? defaultShowDay(workspace, ctx.now);
  const [calls, people, stages, cueRows] = await readTogether(ctx, () => [
    readInBatch(ctx.db, crewModel.listCallsForDays(ctx.db, workspace.id, addDays(day, -1), addDays(day, 1))),
    readInBatch(ctx.db, crewModel.listCrewPeople(ctx.db, workspace.id)),
    listStages(ctx, workspace.id),
    readInBatch(ctx.db, showModel.listDayCues(ctx.db, workspace.id, day)),
  ]);
  const cues = plannedDayCues(workspace, day, cueRows).sort((a, b) => a.plannedStart.localeCompare(b.plannedStart));
  const warnings: CrewWarning[] = crewCallWarnings({
    day,
    timezone: workspace.timezone,
    calls: calls.map((c) => ({ ...c, start: c.startTime, end: c.endTime })),
    people,
    cues,
    eventDays: days.map((d) => d.day),
    dayLimitHours: workspace.crewDayLimitHours,
    restHours: workspace.crewRestHours,
  });
  const byId = new Map(people.map((p) => [p.id, p]));
  return {
    day,
    days,
    timezone: workspace.timezone,
    calls: calls.filter((c) => c.day === day).map((c) => toCallDto(c, byId, stages)),
    warnings,
    cues: cues.map((c) => toCueBeside(c, people, workspace.timezone)),
    people: people.map((p) => ({ id: p.id, name: p.name, department: p.department })),
    stages,
    rules: { dayLimitHours: workspace.crewDayLimitHours, restHours: workspace.crewRestHours },
  };
}

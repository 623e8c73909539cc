import { readInBatch } from "~/db/client";
import { composeDaySheet, type DaySheet } from "~/domain/day-sheet";
import { badRequest, forbidden, notFound } from "~/domain/errors";
import { isCalendarDay } from "~/domain/show";
import { listCallsForDay, listCrewPeople } from "~/models/crew";
import {
  crewPersonOf,
  daySheetWorkspace,
  listKeyContacts,
  listOpenTasksDueForPerson,
  type SheetPerson,
} from "~/models/day-sheets";
import { listDayCues } from "~/models/show";
import { listStages } from "~/models/stages";
import { readTogether, type ActorCtx, type Ctx } from "./context.server";

/**
 * Day sheets (issue 35, ADR 044): one person's event day, read in one D1 round trip (the workspace, the person, the
 * day's calls and cues, the person's open tasks due that day, the key contacts) and composed by `composeDaySheet`.
 */

async function readDaySheet(
  ctx: Pick<Ctx, "db">,
  workspaceId: string,
  who: SheetPerson,
  day: string,
): Promise<DaySheet | null> {
  const { db } = ctx;
  const [[workspace], [person], calls, cues, stages, tasks, keyContacts] = await db.batch([
    daySheetWorkspace(db, workspaceId),
    crewPersonOf(db, workspaceId, who),
    listCallsForDay(db, workspaceId, day),
    listDayCues(db, workspaceId, day),
    listStages(db, workspaceId),
    listOpenTasksDueForPerson(db, workspaceId, who, day),
    listKeyContacts(db, workspaceId),
  ]);
  if (!workspace || !person) return null;
  return composeDaySheet({
    workspace,
    day,
    person: {
      id: person.id,
      name: person.name,
      role: person.role,
      department: person.department,
      company: person.company,
      phone: person.phone,
      email: person.email,
      userId: person.userId,
    },
    stages,
    calls,
    cues,
    tasks,
    keyContacts,
  });
}

/**
 * One directory entry's day sheet for `day` (local `YYYY-MM-DD`). Needs no actor: the page, the personal crew link
 * and the Slack DMs read it alike, each having checked who may see it. Null when the workspace or the person is
 * unknown (another workspace's person is unknown here).
 */
export function loadDaySheet(
  ctx: Pick<Ctx, "db">,
  workspaceId: string,
  personId: string,
  day: string,
): Promise<DaySheet | null> {
  return readDaySheet(ctx, workspaceId, { personId }, day);
}

/** A member's own day sheet, found by their account (null when they have no directory entry). */
export function loadMemberDaySheet(ctx: Pick<Ctx, "db">, workspaceId: string, userId: string, day: string) {
  return readDaySheet(ctx, workspaceId, { userId }, day);
}

/**
 * `/day/{date}`: the caller's own sheet, or with `personId` anyone's for an owner (a member may name only
 * themselves: 403 for another's). Owners also get the directory to pick from (at most MAX_CREW_LISTED).
 */
export async function getDaySheetPage(ctx: ActorCtx, input: { day: string; personId: string | null }) {
  const { workspace, user, role } = ctx.actor;
  if (!isCalendarDay(input.day))
    throw badRequest("Give the day as YYYY-MM-DD", { day: ["Give the day as YYYY-MM-DD"] });
  const isOwner = role === "owner";
  // One round trip: the sheet's batch and the directory's go to D1 together.
  const [sheet, people] = await readTogether(ctx, () => [
    input.personId
      ? loadDaySheet(ctx, workspace.id, input.personId, input.day)
      : loadMemberDaySheet(ctx, workspace.id, user.id, input.day),
    isOwner ? readInBatch(ctx.db, listCrewPeople(ctx.db, workspace.id)) : Promise.resolve([]),
  ]);
  if (!sheet)
    throw notFound(
      input.personId
        ? "That person is not in this workspace's directory"
        : "You are not in this workspace's directory yet",
    );
  if (!isOwner && sheet.person.userId !== user.id) {
    throw forbidden("Only owners can open another person's day sheet");
  }
  return {
    sheet,
    own: sheet.person.userId === user.id,
    people: people.map((p) => ({ id: p.id, name: p.name })),
  };
}

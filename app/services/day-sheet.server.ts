import { composeDaySheet, type DaySheet } from "~/domain/day-sheet";
import { listCallsForDay } from "~/models/crew";
import { crewPersonOf, daySheetWorkspace, listKeyContacts, listOpenTasksDueForPerson } from "~/models/day-sheets";
import { listDayCues } from "~/models/show";
import { listStages } from "~/models/stages";
import type { Ctx } from "./context.server";

/**
 * One person's day sheet (issue 35, ADR 044) in one D1 round trip: the workspace, the person, the day's calls and
 * cues (every stage's: each is planned as the run of show plans it), the person's open tasks due that day and the
 * key contacts, composed by `composeDaySheet`. Needs no actor: the page, the personal crew link and the Slack DMs
 * read it alike, each having checked who may see it. Null when the workspace or the person is unknown (another
 * workspace's person is unknown here).
 */
export async function loadDaySheet(
  ctx: Pick<Ctx, "db">,
  workspaceId: string,
  personId: string,
  day: string,
): Promise<DaySheet | null> {
  const { db } = ctx;
  const [[workspace], [person], calls, cues, stages, tasks, keyContacts] = await db.batch([
    daySheetWorkspace(db, workspaceId),
    crewPersonOf(db, workspaceId, personId),
    listCallsForDay(db, workspaceId, day),
    listDayCues(db, workspaceId, day),
    listStages(db, workspaceId),
    listOpenTasksDueForPerson(db, workspaceId, personId, day),
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

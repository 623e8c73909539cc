import type { CrewPersonRow } from "~/db/schema";
import {
  crewDepartments,
  filterCrew,
  planCrewImport,
  readCrewCsv,
  MAX_CREW_IMPORT_ROWS,
  type CrewPersonCreateInput,
  type CrewPersonUpdateInput,
} from "~/domain/crew";
import { parseCsv } from "~/domain/csv";
import { badRequest, conflict, notFound } from "~/domain/errors";
import { assertOwner } from "~/domain/teams";
import { newId } from "~/lib/crypto";
import * as crewModel from "~/models/crew";
import * as crewLinkModel from "~/models/crew-links";
import { MAX_CREW_LISTED } from "~/models/crew";
import type { ActorCtx } from "./context.server";
import { runBatch } from "./task-commands.server";

/**
 * The crew directory (issue 35, ADR 042). Every member sees it, adds people and edits them; only owners remove
 * people and mark key contacts (they go on everyone's day sheet). A member's entry is kept by triggers
 * (drizzle/0024_crew.sql): its name follows the member's account, and it leaves with the member, not by a delete.
 * At most MAX_CREW_LISTED people per workspace.
 */

/** A person as the API and the page show them; `member` when the entry is a member's. */
export function toCrewPerson(row: CrewPersonRow) {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    department: row.department,
    company: row.company,
    phone: row.phone,
    email: row.email,
    notes: row.notes,
    keyContact: row.keyContact,
    member: row.userId !== null,
    updatedAt: row.updatedAt,
  };
}
export type CrewPerson = ReturnType<typeof toCrewPerson>;

const nameTaken = (name: string) => {
  const message = `“${name}” is already in the directory`;
  return badRequest(message, { name: [message] });
};

/** A write held back by a unique index (a name listed meanwhile); D1's message is on the error's cause. */
function isUniqueViolation(error: unknown) {
  for (let e = error; e instanceof Error; e = e.cause) {
    if (e.message.includes("UNIQUE constraint failed")) return true;
  }
  return false;
}

const directoryFull = () =>
  conflict(`The directory holds at most ${MAX_CREW_LISTED} people; remove someone first`, { limit: MAX_CREW_LISTED });

/**
 * The directory by name (at most MAX_CREW_LISTED), filtered by a name part and a department when asked, with the
 * departments people are in (for the filter).
 */
export async function listCrew(ctx: ActorCtx, filter: { q?: string | null; department?: string | null } = {}) {
  const rows = await crewModel.listCrewPeople(ctx.db, ctx.actor.workspace.id);
  return {
    people: filterCrew(rows, filter).map(toCrewPerson),
    departments: crewDepartments(rows),
    total: rows.length,
  };
}

async function requirePerson(ctx: ActorCtx, id: string) {
  // Ids are ours (hex); anything longer is no id of this workspace.
  const row = id.length <= 64 ? await crewModel.getCrewPerson(ctx.db, ctx.actor.workspace.id, id) : undefined;
  if (!row) throw notFound("Person not found in this directory");
  return row;
}

export async function getCrewPerson(ctx: ActorCtx, id: string) {
  return toCrewPerson(await requirePerson(ctx, id));
}

/** `POST /api/crew`: a person added to the directory; a name already listed (any case) is a field error. */
export async function createCrewPerson(ctx: ActorCtx, input: CrewPersonCreateInput) {
  const now = ctx.now.toISOString();
  const row: CrewPersonRow = {
    id: newId(),
    workspaceId: ctx.actor.workspace.id,
    userId: null,
    ...input,
    keyContact: false,
    createdAt: now,
    updatedAt: now,
  };
  const [inserted] = await crewModel.insertCrewPersonIf(ctx.db, row, MAX_CREW_LISTED);
  if (inserted) return toCrewPerson(inserted);
  // Held back by the bound or by the name's unique index.
  const count = await crewModel.countCrewPeople(ctx.db, ctx.actor.workspace.id);
  throw count >= MAX_CREW_LISTED ? directoryFull() : nameTaken(input.name);
}

/**
 * `PATCH /api/crew/{id}`: changes the fields given. A member's name follows their account (a different name is a
 * field error); `keyContact` is an owner's to set.
 */
export async function updateCrewPerson(ctx: ActorCtx, id: string, changes: CrewPersonUpdateInput) {
  const person = await requirePerson(ctx, id);
  if (changes.keyContact !== undefined && changes.keyContact !== person.keyContact) {
    assertOwner(ctx.actor.role, "mark key contacts");
  }
  if (changes.name !== undefined && person.userId !== null && changes.name !== person.name) {
    const message = `${person.name} is a member: their name follows their account`;
    throw badRequest(message, { name: [message] });
  }
  const [updated] = await crewModel
    .updateCrewPerson(ctx.db, ctx.actor.workspace.id, id, { ...changes, updatedAt: ctx.now.toISOString() })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw nameTaken(changes.name ?? person.name);
      throw error;
    });
  if (!updated) throw notFound("Person not found in this directory");
  return toCrewPerson(updated);
}

/**
 * `DELETE /api/crew/{id}`: an owner removes an outside person (their calls go with them). A member's entry stays:
 * they leave the directory by leaving the workspace.
 */
export async function deleteCrewPerson(ctx: ActorCtx, id: string) {
  assertOwner(ctx.actor.role, "remove people from the directory");
  const person = await requirePerson(ctx, id);
  if (person.userId !== null) throw memberStays(person.name);
  // Their personal link goes with them (the foreign key); read in the same batch, its open pages close (ADR 045).
  const [links, [deleted]] = await ctx.db.batch([
    crewLinkModel.listActiveLinkIdsOfPerson(ctx.db, ctx.actor.workspace.id, id),
    crewModel.deleteOutsideCrewPerson(ctx.db, ctx.actor.workspace.id, id),
  ]);
  if (deleted) for (const link of links) ctx.live?.revokeCrewLink(ctx.actor.workspace.id, link.id);
  if (!deleted) {
    // Gone meanwhile, or they joined meanwhile and became a member's entry.
    const now = await crewModel.getCrewPerson(ctx.db, ctx.actor.workspace.id, id);
    throw now ? memberStays(now.name) : notFound("Person not found in this directory");
  }
  return { id: deleted.id, name: deleted.name };
}

const memberStays = (name: string) =>
  conflict(`${name} is a member of this workspace: they leave the directory when they leave the workspace (on Team)`);

function importRefused(errors: readonly string[]) {
  const message = errors.length === 1 ? errors[0] : `${errors[0]} (and ${errors.length - 1} more problems)`;
  return badRequest(message, { csv: [...errors] });
}

/**
 * `POST /api/crew/import`: CSV rows into the directory, all or nothing (as the cue sheet's import): any bad line
 * refuses the whole file, every problem named by its line. A new name is added; a name already listed keeps what it
 * has and takes the file's values only for its blank fields (ADR 042). At most MAX_CREW_IMPORT_ROWS rows a file.
 */
export async function importCrewCsv(ctx: ActorCtx, input: { csv: string }) {
  const workspaceId = ctx.actor.workspace.id;
  const parsed = parseCsv(input.csv, MAX_CREW_IMPORT_ROWS + 1);
  if (!parsed.ok) throw importRefused([parsed.error]);
  const read = readCrewCsv(parsed.records);
  if (!read.ok) throw importRefused(read.errors);
  const existing = await crewModel.listCrewPeople(ctx.db, workspaceId);
  const plan = planCrewImport(read.rows, existing);
  if (existing.length + plan.add.length > MAX_CREW_LISTED) {
    const room = Math.max(0, MAX_CREW_LISTED - existing.length);
    throw importRefused([
      `The directory holds at most ${MAX_CREW_LISTED} people: this file adds ${plan.add.length}, there is room for ${room}`,
    ]);
  }
  const now = ctx.now.toISOString();
  const statements = [
    ...plan.add.map((row) =>
      crewModel.insertCrewPersonIf(
        ctx.db,
        {
          id: newId(),
          workspaceId,
          userId: null,
          name: row.name,
          role: row.role,
          department: row.department,
          company: row.company,
          phone: row.phone,
          email: row.email,
          notes: row.notes,
          keyContact: false,
          createdAt: now,
          updatedAt: now,
        },
        MAX_CREW_LISTED,
        "fail",
      ),
    ),
    ...plan.fill.map((fill) =>
      crewModel.updateCrewPerson(ctx.db, workspaceId, fill.id, { ...fill.changes, updatedAt: now }),
    ),
  ];
  if (statements.length) {
    // One batch, one transaction: a name someone added meanwhile fails it whole (the unique index), so nothing of the
    // file lands. Only a race at the directory's bound can hold back a row (the count is checked per insert).
    await runBatch(ctx.db, statements).catch((error: unknown) => {
      if (isUniqueViolation(error)) throw conflict("The directory changed while the file was read; import it again");
      throw error;
    });
  }
  return {
    added: plan.add.length,
    filled: plan.fill.length,
    unchanged: plan.unchanged.length,
    names: { added: plan.add.map((r) => r.name), filled: plan.fill.map((f) => f.name), unchanged: plan.unchanged },
  };
}

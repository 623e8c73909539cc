import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb } from "~/db/client";
import { RequestD1 } from "~/db/request-d1";
import { sessions, users, workspaces } from "~/db/schema";
import { sha256Hex } from "~/lib/crypto";
import { sessionLookup } from "~/models/accounts";
import { readTogether } from "~/services/context.server";
import { db, newTask, signUp, workspaceIdOf } from "./helpers";

/**
 * Reads sent together come back through drizzle's own mapping: a batch answers rows keyed by column name, so a
 * join whose tables share column names (`id`, `name`, `created_at`) names them apart (app/models/accounts.ts).
 */
describe("reads sent together", () => {
  it("map the session lookup's joined tables whole, alone and beside other reads", async () => {
    const maria = await signUp("Maria Lopez");
    await newTask(maria.token, { title: "Hire the sound crew", reminders: [60, 1440] });
    const d1 = new RequestD1(db());
    const d = createDb(d1 as unknown as D1Database);
    const ctx = { requestD1: d1 };
    const tokenHash = await sha256Hex(maria.token);
    const workspaceId = await workspaceIdOf(maria.user.id);

    const [[live], [own]] = await readTogether(ctx, () => [
      d.batch([sessionLookup(d, tokenHash, new Date().toISOString())]),
      d.batch([d.select().from(workspaces).where(eq(workspaces.id, workspaceId))]),
    ]);
    expect(d1.meter).toMatchObject({ roundTrips: 1, statements: 2 });
    const [row] = live;
    expect(row.user).toEqual(await d.select().from(users).where(eq(users.id, maria.user.id)).get());
    expect(row.workspace).toEqual(own[0]);
    expect(row.session).toEqual(await d.select().from(sessions).where(eq(sessions.tokenHash, tokenHash)).get());
    expect(row).toMatchObject({ role: "owner", ownerTiers: ["beta"], billingTier: null });
    // An expired instant finds no live session.
    expect(await sessionLookup(d, tokenHash, "9999-01-01T00:00:00.000Z")).toEqual([]);
  });
});

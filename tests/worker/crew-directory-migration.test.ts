import { describe, expect, it } from "vitest";
import { db, signUp, workspaceIdOf } from "./helpers";

/** The directory's triggers (drizzle/0024_crew.sql, ADR 042): every member has an entry, kept when they leave. */

const entriesOf = async (workspaceId: string) =>
  (
    await db()
      .prepare("SELECT name, user_id, phone FROM crew_people WHERE workspace_id = ? ORDER BY name")
      .bind(workspaceId)
      .all<{ name: string; user_id: string | null; phone: string | null }>()
  ).results;

describe("crew directory entries for members", () => {
  it("lists a workspace's creator", async () => {
    const owner = await signUp("Crew Owner");
    expect(await entriesOf(await workspaceIdOf(owner.user.id))).toEqual([
      { name: "Crew Owner", user_id: owner.user.id, phone: null },
    ]);
  });

  it("gives a joining member the outside entry of their name, and keeps the entry when they leave", async () => {
    const owner = await signUp("Crew Owner");
    const workspaceId = await workspaceIdOf(owner.user.id);
    const sam = await signUp("Sam Okafor");
    const now = new Date().toISOString();
    await db()
      .prepare(
        "INSERT INTO crew_people (id, workspace_id, name, phone, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
      )
      .bind(crypto.randomUUID(), workspaceId, "sam okafor", "+44 20 7946 0000", now, now)
      .run();
    const join = db()
      .prepare("INSERT INTO memberships (workspace_id, user_id, role, created_at) VALUES (?, ?, 'member', ?)")
      .bind(workspaceId, sam.user.id, now);
    await join.run();
    expect(await entriesOf(workspaceId)).toEqual([
      { name: "Crew Owner", user_id: owner.user.id, phone: null },
      { name: "sam okafor", user_id: sam.user.id, phone: "+44 20 7946 0000" },
    ]);

    await db()
      .prepare("DELETE FROM memberships WHERE workspace_id = ? AND user_id = ?")
      .bind(workspaceId, sam.user.id)
      .run();
    await join.run();
    await db()
      .prepare("DELETE FROM memberships WHERE workspace_id = ? AND user_id = ?")
      .bind(workspaceId, sam.user.id)
      .run();
    expect(await entriesOf(workspaceId)).toEqual([
      { name: "Crew Owner", user_id: owner.user.id, phone: null },
      { name: "sam okafor", user_id: null, phone: "+44 20 7946 0000" },
    ]);
  });
});

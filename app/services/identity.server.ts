import type { BatchItem } from "drizzle-orm/batch";
import { sessions, users, type UserRow } from "~/db/schema";
import type { IdentityProfile } from "~/integrations/identity/oidc";
import { newId } from "~/lib/crypto";
import * as identityModel from "~/models/identity";
import { renameAssigneeStatement } from "~/models/tasks";
import { listMembers } from "~/models/teams";
import { closeSessionSockets, newSession, newWorkspaceStatements, type Auth } from "./auth.server";
import type { Ctx } from "./context.server";

/** How long after sign-in the offer to bring the demo workspace's tasks along stays open. */
const IMPORT_OFFER_DAYS = 1;

export interface IdentitySignInInput {
  /** Who the provider says signed in. */
  profile: IdentityProfile;
  /** The session the browser held before, if any: it ends now. */
  previous: Auth | null;
}

export interface IdentitySignIn {
  token: string;
  user: UserRow;
  /** The sign-in ended a demo session whose workspace has tasks: offer to bring them along. */
  importOffered: boolean;
}

/**
 * Signs an identity user in: finds them by issuer and subject (refreshing name and email) or creates them
 * with their own workspace (tier free until they pay), opens an `oidc` session, and ends the session the
 * browser held before (spec §4: a demo session ends at identity sign-in). When that was a demo session
 * over a workspace with tasks, records the offer to import them. The writes go in one batch.
 */
export async function signInIdentity(ctx: Ctx, input: IdentitySignInInput): Promise<IdentitySignIn> {
  const { profile, previous } = input;
  let signIn: IdentitySignIn;
  try {
    signIn = await signInOnce(ctx, input);
  } catch (error) {
    // Two first sign-ins at once: the loser's batch hits the unique (issuer, subject) index; it is now a return.
    if (!(await identityModel.findIdentityUser(ctx.db, profile.issuer, profile.subject))) throw error;
    signIn = await signInOnce(ctx, input);
  }
  // The session held before has ended: its open pages stop following its workspaces.
  if (previous) await closeSessionSockets(ctx, { id: previous.sessionId, userId: previous.user.id });
  return signIn;
}

async function signInOnce(ctx: Ctx, { profile, previous }: IdentitySignInInput) {
  const { db, now } = ctx;
  const nowIso = now.toISOString();
  const existing = await identityModel.findIdentityUser(db, profile.issuer, profile.subject);
  const user: UserRow = existing
    ? {
        ...existing,
        name: profile.name,
        email: profile.email,
        emailVerified: profile.emailVerified,
        lastActiveAt: nowIso,
      }
    : {
        id: newId(),
        name: profile.name,
        email: profile.email,
        authType: "oidc",
        issuer: profile.issuer,
        subject: profile.subject,
        emailVerified: profile.emailVerified,
        tier: "free",
        marketingOptIn: false,
        signupSource: "identity",
        createdAt: nowIso,
        lastActiveAt: nowIso,
      };

  const owned = existing ? await identityModel.findOwnedWorkspaceId(db, user.id) : undefined;
  const workspace = owned ? null : newWorkspaceStatements(ctx, { user, timezone: "UTC" });
  const workspaceId = owned?.id ?? workspace!.workspaceId;
  const session = await newSession(ctx, { userId: user.id, workspaceId, kind: "oidc" });

  const importFrom = previous && (await importableDemoWorkspace(ctx, previous, user.id));
  const statements: BatchItem<"sqlite">[] = [
    existing ? identityModel.refreshIdentityUser(db, user) : db.insert(users).values(user),
    // Tasks assigned to them show their name as the provider now gives it.
    ...(existing && existing.name !== user.name ? [renameAssigneeStatement(db, user.id, user.name)] : []),
    ...(workspace?.statements ?? []),
    db.insert(sessions).values(session.row),
    ...(previous ? [identityModel.revokeSession(db, previous.sessionId, nowIso)] : []),
    ...(importFrom
      ? [
          identityModel.upsertImportOffer(db, {
            userId: user.id,
            sourceWorkspaceId: importFrom,
            createdAt: nowIso,
            expiresAt: new Date(now.getTime() + IMPORT_OFFER_DAYS * 86400_000).toISOString(),
          }),
        ]
      : []),
  ];
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return { token: session.token, user, importOffered: importFrom !== null };
}

/**
 * The workspace of a demo session its holder owns alone and that has tasks; the one worth offering to import.
 * A demo workspace shared with a team is not: moving its tasks out would take them from everyone else.
 */
async function importableDemoWorkspace(ctx: Ctx, previous: Auth, identityUserId: string) {
  const { db } = ctx;
  if (previous.user.authType !== "demo" || previous.role !== "owner" || previous.user.id === identityUserId)
    return null;
  if ((await listMembers(db, previous.workspace.id)).length > 1) return null;
  const counts = await identityModel.countTasks(db, previous.workspace.id);
  return counts && counts.total > 0 ? previous.workspace.id : null;
}

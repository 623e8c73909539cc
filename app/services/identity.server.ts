import type { AppLoadContext } from "@remix-run/cloudflare";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "~/db/client";
import { sessions, users, type UserRow } from "~/db/schema";
import { parseAdminEmails } from "~/domain/crm";
import { forbidden, unauthorized } from "~/domain/errors";
import type { IdentityProfile } from "~/integrations/identity/oidc";
import { newId } from "~/lib/crypto";
import * as identityModel from "~/models/identity";
import { renameAssigneeStatement } from "~/models/tasks";
import { listMembers } from "~/models/teams";
import { authenticate } from "~/http/auth.server";
import { closeSessionSockets, newSession, newWorkspaceStatements, type Auth } from "./auth.server";
import type { LiveNotifier } from "./live-notifier.server";

/** How long after sign-in the offer to bring the demo workspace's tasks along stays open. */
const IMPORT_OFFER_DAYS = 1;

/** Whether an identity user may see the CRM: a provider-verified email on the `ADMIN_EMAILS` list. */
export function isAdmin(user: UserRow, env: { ADMIN_EMAILS?: string }) {
  if (user.authType !== "oidc" || !user.emailVerified || !user.email) return false;
  return parseAdminEmails(env.ADMIN_EMAILS).has(user.email.toLowerCase());
}

/** Admin API calls: 401 without an identity-provider session (demo sessions included), 403 for non-admins. */
export async function requireAdminApi(request: Request, context: AppLoadContext) {
  const auth = await authenticate(request, context);
  if (!auth || auth.user.authType !== "oidc") throw unauthorized();
  if (!isAdmin(auth.user, context.env)) throw forbidden("Admin access required");
  return auth;
}

/** The admin page: who is asking, and whether they may see it; the page shows its access screen otherwise. */
export async function adminPageAccess(request: Request, context: AppLoadContext) {
  const auth = await authenticate(request, context);
  if (!auth || auth.user.authType !== "oidc") return { auth, access: "sign-in" as const };
  return { auth, access: isAdmin(auth.user, context.env) ? ("granted" as const) : ("forbidden" as const) };
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
export async function signInIdentity(
  db: Db,
  profile: IdentityProfile,
  previous: Auth | null,
  live?: LiveNotifier,
  now = new Date(),
): Promise<IdentitySignIn> {
  let signIn: IdentitySignIn;
  try {
    signIn = await signInOnce(db, profile, previous, now);
  } catch (error) {
    // Two first sign-ins at once: the loser's batch hits the unique (issuer, subject) index; it is now a return.
    if (!(await identityModel.findIdentityUser(db, profile.issuer, profile.subject))) throw error;
    signIn = await signInOnce(db, profile, previous, now);
  }
  // The session held before has ended: its open pages stop following its workspaces.
  if (previous) await closeSessionSockets(db, live, { id: previous.sessionId, userId: previous.user.id });
  return signIn;
}

async function signInOnce(db: Db, profile: IdentityProfile, previous: Auth | null, now: Date) {
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
  const workspace = owned ? null : newWorkspaceStatements(db, user, "UTC", nowIso);
  const workspaceId = owned?.id ?? workspace!.workspaceId;
  const session = await newSession(user.id, workspaceId, "oidc", now);

  const importFrom = previous && (await importableDemoWorkspace(db, previous, user.id));
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
async function importableDemoWorkspace(db: Db, previous: Auth, identityUserId: string) {
  if (previous.user.authType !== "demo" || previous.role !== "owner" || previous.user.id === identityUserId)
    return null;
  if ((await listMembers(db, previous.workspace.id)).length > 1) return null;
  const counts = await identityModel.countTasks(db, previous.workspace.id);
  return counts && counts.total > 0 ? previous.workspace.id : null;
}

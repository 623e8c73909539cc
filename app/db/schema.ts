import { sql } from "drizzle-orm";
import { foreignKey, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
// Relative, not `~/`: drizzle-kit loads this file without the app's path alias.
import { ACTIVITY_TYPES } from "../domain/activity";

// Timestamps are ISO-8601 UTC strings (`2026-11-21T09:30:00.000Z`): sortable as text, readable in D1's console.
const timestamps = {
  createdAt: text("created_at").notNull(),
};

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    /** `demo` for sandbox accounts, `oidc` for identity-provider accounts (`replit` on the wire). */
    authType: text("auth_type", { enum: ["demo", "oidc"] }).notNull(),
    /** An identity account is its issuer plus the provider's subject; both null for demo accounts. */
    issuer: text("issuer"),
    subject: text("subject"),
    /** The provider vouches for the address (admin rights go by email, so only a vouched one counts). */
    emailVerified: integer("email_verified", { mode: "boolean" }).notNull().default(false),
    tier: text("tier", { enum: ["free", "basic", "premium", "beta"] })
      .notNull()
      .default("free"),
    marketingOptIn: integer("marketing_opt_in", { mode: "boolean" }).notNull().default(false),
    signupSource: text("signup_source"),
    ...timestamps,
    lastActiveAt: text("last_active_at").notNull(),
  },
  (t) => [
    index("users_email_idx").on(t.email),
    uniqueIndex("users_identity_idx").on(t.issuer, t.subject),
    index("users_auth_type_created_idx").on(t.authType, t.createdAt),
  ],
);

export const workspaces = sqliteTable("workspaces", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  eventName: text("event_name"),
  /** The show's start as a UTC instant (ISO string); null until the producer sets it. */
  eventDate: text("event_date"),
  timezone: text("timezone").notNull().default("UTC"),
  /** Morning digest: Slack channel (id or #name), local time `HH:MM` in `timezone`, on/off. */
  digestChannel: text("digest_channel"),
  digestTime: text("digest_time").notNull().default("09:00"),
  digestEnabled: integer("digest_enabled", { mode: "boolean" }).notNull().default(true),
  /** The local date (`YYYY-MM-DD`) of the last digest claimed; the once-a-day guard. */
  digestLastDate: text("digest_last_date"),
  /** The emoji short name (no colons) whose reaction in Slack turns a message into a task (ADR 040). */
  slackCaptureEmoji: text("slack_capture_emoji").notNull().default("memo"),
  /** The plan's stated assumption for a task without an estimate, in hours of work (8 = one working day). */
  assumedEstimateHours: real("assumed_estimate_hours").notNull().default(8),
  /**
   * The event spans days: `eventDate` is the show's start; these are local calendar days (`YYYY-MM-DD`) in
   * `timezone`. The last show day (null: a one-day event) and the optional load-in and load-out days.
   */
  eventEndDate: text("event_end_date"),
  loadInDate: text("load_in_date"),
  loadOutDate: text("load_out_date"),
  /**
   * Moves on with every change the plan reads: a task or dependency written, a cue or a cue's task link written
   * (its risks, ADR 026), or the event date, timezone or assumed estimate changed. Bumped by triggers
   * (drizzle/0010_plan_version.sql, 0015_cue_plan_version.sql), so no write path can forget it; a plan made for
   * a workspace is good while its version is the workspace's (ADR 033).
   */
  planVersion: integer("plan_version").notNull().default(0),
  /** Reminders (minutes before the due time) a new dated task gets when its creator names none (ADR 022). */
  defaultReminders: text("default_reminders", { mode: "json" }).$type<number[]>().notNull().default([]),
  /** Crew rules (ADR 043): a person's longest working day and shortest rest between two days, in hours. */
  crewDayLimitHours: real("crew_day_limit_hours").notNull().default(12),
  crewRestHours: real("crew_rest_hours").notNull().default(10),
  /** The venue's address, shown on day sheets. */
  venueAddress: text("venue_address"),
  /** The evening before each event day, at this local time (`HH:MM`), members get their day sheet as a Slack DM. */
  daySheetTime: text("day_sheet_time").notNull().default("18:00"),
  daySheetEnabled: integer("day_sheet_enabled", { mode: "boolean" }).notNull().default(true),
  /**
   * How many of the workspace's webhook endpoints are enabled, kept by triggers (drizzle/0030_webhooks.sql): at 0 a
   * task, comment or show change sends no webhook and reads nothing to find that out (ADR 049).
   */
  enabledWebhooks: integer("enabled_webhooks").notNull().default(0),
  ...timestamps,
});

export const memberships = sqliteTable(
  "memberships",
  {
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["owner", "member"] }).notNull(),
    /** How this person last chose to see the task list: `cards` or the compact `table`. */
    taskView: text("task_view", { enum: ["cards", "table"] })
      .notNull()
      .default("cards"),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId] }), index("memberships_user_idx").on(t.userId)],
);

export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    /** SHA-256 (hex) of the bearer token; the token itself is never stored. */
    tokenHash: text("token_hash").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /**
     * The workspace this session is working in (the current one, switchable). If the membership behind it
     * ends, the next request falls back to another of the user's workspaces (ADR 010).
     */
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["demo", "oidc"] }).notNull(),
    ...timestamps,
    expiresAt: text("expires_at").notNull(),
    revokedAt: text("revoked_at"),
  },
  (t) => [uniqueIndex("sessions_token_hash_idx").on(t.tokenHash), index("sessions_user_idx").on(t.userId)],
);

export const tasks = sqliteTable(
  "tasks",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    /** Normalised title used for duplicate detection (see app/domain/title.ts). */
    titleKey: text("title_key").notNull(),
    description: text("description"),
    priority: text("priority", { enum: ["low", "medium", "high", "critical"] })
      .notNull()
      .default("medium"),
    category: text("category"),
    /** Wall-clock date in the workspace timezone: `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM`. */
    dueDate: text("due_date"),
    /**
     * Who does it: a member (`assigneeId`, with their name copied into `assigneeName` for display and
     * filtering) or an outside person (vendor, freelance crew) by name only, with an optional contact note.
     */
    assigneeId: text("assignee_id").references(() => users.id, { onDelete: "set null" }),
    assigneeName: text("assignee_name"),
    assigneeContact: text("assignee_contact"),
    status: text("status").notNull().default("pending"),
    isAiGenerated: integer("is_ai_generated", { mode: "boolean" }).notNull().default(false),
    estimatedHours: real("estimated_hours"),
    originalPrompt: text("original_prompt"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
    updatedAt: text("updated_at").notNull(),
    completedAt: text("completed_at"),
    /**
     * Recurring tasks (ADR 021): the RRULE (app/domain/recurrence.ts) or null. The occurrences of one series share
     * `seriesId` (the first occurrence's id) and count up in `occurrence` (1 for the first); `nextOccurrenceId` is
     * set in the batch that creates the next occurrence, so completing this one again creates nothing.
     */
    recurrence: text("recurrence"),
    seriesId: text("series_id"),
    occurrence: integer("occurrence"),
    nextOccurrenceId: text("next_occurrence_id"),
    /** Minutes before the due time at which the assignee is reminded (ADR 022); a date-only task is due at 17:00. */
    reminders: text("reminders", { mode: "json" }).$type<number[]>().notNull().default([]),
    /**
     * How many checklist items the task has and how many are done (ADR 035): kept by triggers on
     * `task_checklist_items` (drizzle/0018_task_checklists.sql), so the list reads "3/5" with each task's row.
     */
    checklistTotal: integer("checklist_total").notNull().default(0),
    checklistDone: integer("checklist_done").notNull().default(0),
  },
  (t) => [
    uniqueIndex("tasks_series_occurrence_idx").on(t.seriesId, t.occurrence),
    index("tasks_workspace_due_idx").on(t.workspaceId, t.dueDate, t.createdAt),
    // The list order (app/models/tasks.ts `orderSql`): a page is read from the index, without sorting the workspace.
    index("tasks_workspace_list_idx").on(t.workspaceId, sql`${t.dueDate} IS NULL`, t.dueDate, t.createdAt, t.id),
    index("tasks_workspace_created_idx").on(t.workspaceId, t.createdAt, t.id),
    index("tasks_workspace_assignee_name_idx").on(t.workspaceId, t.assigneeName),
    // With completed_at, the analytics page reads the latest completions and completion weeks from the index alone.
    index("tasks_workspace_status_idx").on(t.workspaceId, t.status, t.completedAt),
    index("tasks_workspace_title_key_idx").on(t.workspaceId, t.titleKey),
    index("tasks_workspace_assignee_idx").on(t.workspaceId, t.assigneeId),
  ],
);

/**
 * Counts of a workspace's tasks updated on write by triggers (drizzle/0011_task_counts.sql), so counting reads a few
 * rows however many tasks there are: `kind` 'status' counts the tasks in each status (`key`), 'open_due' the open
 * tasks due on each local day (`key`: the due date's first ten characters). Rows at zero are removed.
 */
export const taskCounts = sqliteTable(
  "task_counts",
  {
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["status", "open_due"] }).notNull(),
    key: text("key").notNull(),
    taskCount: integer("task_count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.kind, t.key] })],
);

/** Per-workspace lists shared by every browser and by Slack. `nameKey` is the case-folded name. */
const namedList = (table: string) =>
  sqliteTable(
    table,
    {
      workspaceId: text("workspace_id")
        .notNull()
        .references(() => workspaces.id, { onDelete: "cascade" }),
      name: text("name").notNull(),
      nameKey: text("name_key").notNull(),
      position: integer("position").notNull().default(0),
      ...timestamps,
    },
    (t) => [primaryKey({ columns: [t.workspaceId, t.nameKey] })],
  );

export const categories = namedList("categories");
export const statuses = namedList("statuses");

/**
 * Invitation links to a workspace (ADR 010). Only the SHA-256 of the link's token is kept, so the link is shown
 * once, when created. An invite works until it expires, is revoked or has been used `max_uses` times.
 */
export const workspaceInvites = sqliteTable(
  "workspace_invites",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    maxUses: integer("max_uses").notNull().default(1),
    uses: integer("uses").notNull().default(0),
    /**
     * A fresh random id written by the acceptance that took the last use; the membership insert in the same
     * batch checks it, so a use is counted exactly when a member is added (see models/teams.ts).
     */
    lastAcceptId: text("last_accept_id"),
    ...timestamps,
    expiresAt: text("expires_at").notNull(),
    revokedAt: text("revoked_at"),
  },
  (t) => [
    uniqueIndex("workspace_invites_token_hash_idx").on(t.tokenHash),
    index("workspace_invites_workspace_idx").on(t.workspaceId, t.createdAt),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type WorkspaceRow = typeof workspaces.$inferSelect;
export type TaskRow = typeof tasks.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type MembershipRow = typeof memberships.$inferSelect;
export type InviteRow = typeof workspaceInvites.$inferSelect;

/** "Task depends on another task of the same workspace": the edges of the critical-path graph. */
export const taskDependencies = sqliteTable(
  "task_dependencies",
  {
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    taskId: text("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    dependsOnId: text("depends_on_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.taskId, t.dependsOnId] }),
    index("task_dependencies_workspace_idx").on(t.workspaceId),
    index("task_dependencies_depends_on_idx").on(t.dependsOnId),
  ],
);

/**
 * A task's checklist (ADR 035): items in `position` order, each a text and a done box, at most
 * `CHECKLIST_ITEMS_MAX` a task (app/domain/checklist.ts). They go with their task; a deleted task keeps them in
 * `deleted_tasks.checklist`.
 */
export const taskChecklistItems = sqliteTable(
  "task_checklist_items",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    taskId: text("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    text: text("text").notNull(),
    done: integer("done", { mode: "boolean" }).notNull().default(false),
    ...timestamps,
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [index("task_checklist_items_task_idx").on(t.taskId, t.position)],
);
export type ChecklistItemRow = typeof taskChecklistItems.$inferSelect;

/**
 * The Slack app a workspace created from our manifest (each team brings its own app) and, once installed, its
 * installation. Secrets and the bot token are AES-GCM ciphertexts (app/lib/secrets.server.ts). Slack's
 * requests carry the app and team ids, which find the row whose signing secret verifies them.
 */
export const slackApps = sqliteTable(
  "slack_apps",
  {
    workspaceId: text("workspace_id")
      .primaryKey()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    clientId: text("client_id").notNull(),
    clientSecretEnc: text("client_secret_enc").notNull(),
    signingSecretEnc: text("signing_secret_enc").notNull(),
    appId: text("app_id"),
    teamId: text("team_id"),
    teamName: text("team_name"),
    botUserId: text("bot_user_id"),
    /** Null until installed, and again once Slack reports the app uninstalled or its token revoked. */
    botTokenEnc: text("bot_token_enc"),
    installedBySlackUserId: text("installed_by_slack_user_id"),
    installedByUserId: text("installed_by_user_id").references(() => users.id, { onDelete: "set null" }),
    installedAt: text("installed_at"),
    ...timestamps,
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [uniqueIndex("slack_apps_app_team_idx").on(t.appId, t.teamId), index("slack_apps_team_idx").on(t.teamId)],
);

/** OAuth install states: single use (deleted when read), ten minutes; only the SHA-256 of the state is kept. */
export const slackOauthStates = sqliteTable(
  "slack_oauth_states",
  {
    stateHash: text("state_hash").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ...timestamps,
    expiresAt: text("expires_at").notNull(),
  },
  (t) => [index("slack_oauth_states_expires_idx").on(t.expiresAt)],
);

/**
 * Slack deliveries already handled (`event:<event_id>`, `action:<nonce>`): Slack retries events and people
 * double-click buttons, and neither may create a second task. Rows older than a day are pruned by the cron.
 */
export const slackProcessed = sqliteTable(
  "slack_processed",
  {
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.key] }), index("slack_processed_created_idx").on(t.createdAt)],
);

export type SlackAppRow = typeof slackApps.$inferSelect;

/**
 * Which member a Slack user acts as, per workspace and Slack team (ADR 014): a Slack user acts only in the
 * workspace whose installation received the request, and a member has at most one Slack identity per
 * workspace. The foreign key to the membership ends the link when the person leaves the workspace. The Slack
 * name and handle are what `users.info` said when the member confirmed, for showing on /team.
 */
export const slackLinks = sqliteTable(
  "slack_links",
  {
    workspaceId: text("workspace_id").notNull(),
    slackTeamId: text("slack_team_id").notNull(),
    slackUserId: text("slack_user_id").notNull(),
    userId: text("user_id").notNull(),
    slackName: text("slack_name"),
    slackHandle: text("slack_handle"),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.slackTeamId, t.slackUserId] }),
    uniqueIndex("slack_links_member_idx").on(t.workspaceId, t.userId),
    foreignKey({
      columns: [t.workspaceId, t.userId],
      foreignColumns: [memberships.workspaceId, memberships.userId],
    }).onDelete("cascade"),
  ],
);

/**
 * The "link your account" links Slack users receive: only the SHA-256 of the token is kept, bound to the
 * installation (app and team) that minted it and the Slack user it names; single use, 15 minutes. One pending
 * link per Slack user: a newer one replaces it. `channelId` is where the confirmation is posted back.
 */
export const slackLinkTokens = sqliteTable(
  "slack_link_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    slackAppId: text("slack_app_id").notNull(),
    slackTeamId: text("slack_team_id").notNull(),
    slackUserId: text("slack_user_id").notNull(),
    channelId: text("channel_id"),
    ...timestamps,
    expiresAt: text("expires_at").notNull(),
  },
  (t) => [
    uniqueIndex("slack_link_tokens_slack_user_idx").on(t.workspaceId, t.slackTeamId, t.slackUserId),
    index("slack_link_tokens_expires_idx").on(t.expiresAt),
  ],
);

export type SlackLinkTokenRow = typeof slackLinkTokens.$inferSelect;

/**
 * A demo workspace whose tasks an identity user may bring into their account: recorded when they sign in while
 * holding a demo session (which the sign-in ends), consumed by the import page. One pending offer per user.
 */
export const demoImportOffers = sqliteTable("demo_import_offers", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  sourceWorkspaceId: text("source_workspace_id")
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  ...timestamps,
  expiresAt: text("expires_at").notNull(),
});

/**
 * Page views reported by browsers (`POST /api/crm/page-visit`). `sessionId` is the tab's analytics session, not
 * a sign-in session; distinct ids are the CRM's visitors. Signed-out visits have no user.
 */
export const pageVisits = sqliteTable(
  "page_visits",
  {
    id: text("id").primaryKey(),
    sessionId: text("session_id").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    page: text("page").notNull(),
    ...timestamps,
  },
  (t) => [index("page_visits_session_idx").on(t.sessionId), index("page_visits_created_idx").on(t.createdAt)],
);

/** Product events reported by signed-in browsers (`POST /api/crm/user-activity`); see app/domain/crm.ts. */
export const userActivities = sqliteTable(
  "user_activities",
  {
    id: text("id").primaryKey(),
    activityType: text("activity_type", { enum: ACTIVITY_TYPES }).notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The account kind when it happened (users can be deleted; the record stays). */
    userType: text("user_type", { enum: ["demo", "oidc"] }).notNull(),
    sessionId: text("session_id").notNull(),
    page: text("page").notNull(),
    /** A JSON object of at most 2 KB, or null. */
    activityData: text("activity_data"),
    ...timestamps,
  },
  (t) => [
    index("user_activities_created_idx").on(t.createdAt),
    index("user_activities_type_user_idx").on(t.activityType, t.userId),
  ],
);

export type UserActivityRow = typeof userActivities.$inferSelect;

/**
 * Billing (Stripe). A user pays; each user has at most one Stripe customer, created at their first checkout.
 * The customer id is how webhook events find the user again.
 */
export const billingCustomers = sqliteTable("billing_customers", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  stripeCustomerId: text("stripe_customer_id").notNull().unique(),
  ...timestamps,
});

/**
 * The Stripe subscriptions of our users as the webhooks last described them (app/domain/billing.ts decides which
 * event wins). `entitledTier` is the plan the subscription grants now (null when its status grants nothing): the
 * one column sign-in reads. `eventCreated` (Stripe's epoch seconds) orders events; `version` guards each write
 * against a concurrent one.
 */
export const billingSubscriptions = sqliteTable(
  "billing_subscriptions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    stripeCustomerId: text("stripe_customer_id").notNull(),
    tier: text("tier", { enum: ["basic", "premium"] }).notNull(),
    status: text("status").notNull(),
    entitledTier: text("entitled_tier", { enum: ["basic", "premium"] }),
    /** The subscription's (first) item: the portal's plan change names it. */
    itemId: text("item_id"),
    currentPeriodEnd: text("current_period_end"),
    cancelAtPeriodEnd: integer("cancel_at_period_end", { mode: "boolean" }).notNull().default(false),
    eventCreated: integer("event_created").notNull(),
    version: integer("version").notNull().default(1),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [index("billing_subscriptions_user_idx").on(t.userId, t.entitledTier)],
);

/** Stripe events already handled, by event id: Stripe delivers at least once and retries. */
export const billingEvents = sqliteTable(
  "billing_events",
  {
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    ...timestamps,
  },
  (t) => [index("billing_events_created_idx").on(t.createdAt)],
);

export type BillingSubscriptionRow = typeof billingSubscriptions.$inferSelect;

/** Where a change came from, for a task's history. */
export const CHANGE_SOURCES = ["web", "api", "slack", "system"] as const;
export type ChangeSource = (typeof CHANGE_SOURCES)[number];

/**
 * A task's history: one row per create, change, delete and restore, with who did it and from where. `taskId` is
 * not a foreign key, so the history outlives a deletion (and is purged with the trash).
 */
export const taskEvents = sqliteTable(
  "task_events",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    taskId: text("task_id").notNull(),
    kind: text("kind", {
      enum: ["created", "updated", "deleted", "restored", "checklist", "comment", "file"],
    }).notNull(),
    /**
     * `{ field: [before, after] }` for a change (`{ checklist: [item before, item after] }`, ADR 035; `{ comment:
     * [excerpt before, excerpt after] }`, ADR 038; `{ file: [before, after] }`, ADR 039); null otherwise.
     */
    changes: text("changes", { mode: "json" }).$type<Record<string, [unknown, unknown]>>(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** The actor's name when it happened (kept if the account goes). */
    actorName: text("actor_name"),
    source: text("source", { enum: CHANGE_SOURCES }).notNull(),
    ...timestamps,
  },
  (t) => [
    index("task_events_task_idx").on(t.workspaceId, t.taskId, t.createdAt),
    // Undo finds what one person changed at one instant.
    index("task_events_actor_idx").on(t.workspaceId, t.actorId, t.createdAt),
  ],
);
export type TaskEventRow = typeof taskEvents.$inferSelect;

/**
 * Comments on a task (ADR 038): plain text as typed, with the members it mentions (`{ userId, name }` as the text
 * names them) and everyone ever notified of it, so an edit notifies only the newly mentioned. The author is a member
 * (`authorUserId`) or, from Slack, maybe only a display name; `slackTs` is the Slack message it came from or went to.
 * `taskId` is not a foreign key: a deleted task keeps its comments for Undo until the purge.
 */
export const taskComments = sqliteTable(
  "task_comments",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    taskId: text("task_id").notNull(),
    authorUserId: text("author_user_id").references(() => users.id, { onDelete: "set null" }),
    authorName: text("author_name").notNull(),
    body: text("body").notNull(),
    mentions: text("mentions", { mode: "json" }).$type<Array<{ userId: string; name: string }>>().notNull().default([]),
    notified: text("notified", { mode: "json" }).$type<string[]>().notNull().default([]),
    source: text("source", { enum: CHANGE_SOURCES }).notNull().default("web"),
    slackTs: text("slack_ts"),
    ...timestamps,
    updatedAt: text("updated_at").notNull(),
    editedAt: text("edited_at"),
  },
  (t) => [
    index("task_comments_task_idx").on(t.workspaceId, t.taskId, t.createdAt, t.id),
    uniqueIndex("task_comments_slack_idx")
      .on(t.taskId, t.slackTs)
      .where(sql`${t.slackTs} IS NOT NULL`),
  ],
);
export type TaskCommentRow = typeof taskComments.$inferSelect;

/**
 * Who follows a task by choice (ADR 038): `followed` after commenting, being mentioned or pressing Follow;
 * `unfollowed` after pressing Unfollow, which sticks. The task's creator and owner follow without a row.
 */
export const taskFollowers = sqliteTable(
  "task_followers",
  {
    workspaceId: text("workspace_id").notNull(),
    taskId: text("task_id").notNull(),
    userId: text("user_id").notNull(),
    state: text("state", { enum: ["followed", "unfollowed"] }).notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.taskId, t.userId] }),
    index("task_followers_member_idx").on(t.workspaceId, t.userId),
    foreignKey({
      columns: [t.workspaceId, t.userId],
      foreignColumns: [memberships.workspaceId, memberships.userId],
    }).onDelete("cascade"),
  ],
);

/**
 * Files on tasks (ADR 039): the bytes are in R2 (`FILES`) under `{workspaceId}/{id}`; the row is what the task shows.
 * `taskId` is not a foreign key: a deleted task keeps its files until the purge removes them (objects and rows).
 */
export const taskFiles = sqliteTable(
  "task_files",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    taskId: text("task_id").notNull(),
    name: text("name").notNull(),
    /** The type the upload declared (app/domain/files.ts `cleanFileType`); downloads choose how to serve it. */
    type: text("type").notNull(),
    size: integer("size").notNull(),
    uploadedBy: text("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    /** The uploader's name when it happened (kept if the account goes). */
    uploadedByName: text("uploaded_by_name"),
    source: text("source", { enum: CHANGE_SOURCES }).notNull(),
    ...timestamps,
  },
  (t) => [
    index("task_files_task_idx").on(t.workspaceId, t.taskId, t.createdAt),
    // The workspace's storage in use is summed from this index alone.
    index("task_files_storage_idx").on(t.workspaceId, t.size),
  ],
);
export type TaskFileRow = typeof taskFiles.$inferSelect;

/**
 * Deleted tasks, kept for undo until the daily purge: the row as it was and the dependency edges it had both
 * ways. Deleting moves a task here, so no read of `tasks` needs to know about deletion.
 */
export const deletedTasks = sqliteTable(
  "deleted_tasks",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    row: text("row", { mode: "json" }).$type<TaskRow>().notNull(),
    dependsOn: text("depends_on", { mode: "json" }).$type<string[]>().notNull(),
    dependants: text("dependants", { mode: "json" }).$type<string[]>().notNull(),
    /** The run-of-show cues that were linked to it, relinked on restore. */
    cueIds: text("cue_ids", { mode: "json" }).$type<string[]>().notNull().default([]),
    /** Its checklist items as they were (ADR 035), put back on restore. */
    checklist: text("checklist", { mode: "json" }).$type<DeletedChecklistItem[]>().notNull().default([]),
    deletedBy: text("deleted_by").references(() => users.id, { onDelete: "set null" }),
    deletedAt: text("deleted_at").notNull(),
  },
  (t) => [
    index("deleted_tasks_workspace_idx").on(t.workspaceId, t.deletedAt),
    index("deleted_tasks_at_idx").on(t.deletedAt),
  ],
);
export type DeletedTaskRow = typeof deletedTasks.$inferSelect;
/** A checklist item as a deleted task keeps it (`done` as SQLite's 0 or 1: the statement reads it as stored). */
export interface DeletedChecklistItem {
  id: string;
  position: number;
  text: string;
  done: number | boolean;
  createdAt: string;
  updatedAt: string;
}

/** How a cue's start is set: `fixed` keeps its own start; `flexible` starts when the cue before it ends. */
export const CUE_TIMINGS = ["fixed", "flexible"] as const;
export type CueTiming = (typeof CUE_TIMINGS)[number];

/**
 * Stages and rooms (ADR 037): each event day has one cue sheet per stage, named here, in `position` order; cues on
 * no stage make the day's other sheet (a workspace without stages has only that one). Names are unique in the
 * workspace whatever their case (an expression index, drizzle/0020_show_stages.sql).
 */
export const showStages = sqliteTable(
  "show_stages",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    position: integer("position").notNull(),
    ...timestamps,
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("show_stages_name_idx").on(t.workspaceId, sql`lower(${t.name})`),
    index("show_stages_workspace_idx").on(t.workspaceId, t.position),
  ],
);
export type ShowStageRow = typeof showStages.$inferSelect;

/**
 * The run of show: one ordered list of cues per event day and stage. `day` is the local calendar day (`YYYY-MM-DD`) and
 * `start` the venue's wall clock (`HH:MM`) in the workspace timezone; a flexible cue's start is only a hint, its
 * planned start is computed from the cues before it. `position` orders the cues of a day.
 */
export const cues = sqliteTable(
  "cues",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    position: integer("position").notNull(),
    title: text("title").notNull(),
    start: text("start"),
    durationSeconds: integer("duration_seconds").notNull().default(0),
    timing: text("timing", { enum: CUE_TIMINGS }).notNull().default("flexible"),
    department: text("department"),
    /** Who calls it: a member, or an outside person by name with a contact note, as on tasks. */
    assigneeId: text("assignee_id").references(() => users.id, { onDelete: "set null" }),
    assigneeName: text("assignee_name"),
    assigneeContact: text("assignee_contact"),
    notes: text("notes"),
    /** The stage whose sheet holds it (ADR 037); null: the sheet of cues on no stage. */
    stageId: text("stage_id").references(() => showStages.id),
    ...timestamps,
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [index("cues_workspace_day_idx").on(t.workspaceId, t.day, t.position), index("cues_stage_idx").on(t.stageId)],
);
export type CueRow = typeof cues.$inferSelect;

/** The tasks a cue needs done: a cue is ready when all of them are completed. */
export const cueTasks = sqliteTable(
  "cue_tasks",
  {
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    cueId: text("cue_id")
      .notNull()
      .references(() => cues.id, { onDelete: "cascade" }),
    taskId: text("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.cueId, t.taskId] }),
    index("cue_tasks_workspace_idx").on(t.workspaceId),
    index("cue_tasks_task_idx").on(t.taskId),
  ],
);

/**
 * Read-only links to the run of show for crew without accounts (`/show/share/{token}`). Only the SHA-256 of the
 * token is stored; `departments` and `stageIds` (JSON arrays, null for all) filter what the link shows.
 */
export const showShares = sqliteTable(
  "show_shares",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    label: text("label"),
    departments: text("departments", { mode: "json" }).$type<string[]>(),
    /** Stages the link shows (ADR 037; JSON array of stage ids, null for every stage and the cues on none). */
    stageIds: text("stage_ids", { mode: "json" }).$type<string[]>(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
    revokedAt: text("revoked_at"),
  },
  (t) => [
    uniqueIndex("show_shares_token_hash_idx").on(t.tokenHash),
    index("show_shares_workspace_idx").on(t.workspaceId, t.createdAt),
  ],
);
export type ShowShareRow = typeof showShares.$inferSelect;

/**
 * Calendar feeds (ADR 020): a secret URL a member's calendar app polls for the workspace's dated open tasks
 * (`scope` `mine`: theirs only). Only the SHA-256 of the token is kept; revoking deletes the row. The foreign key
 * to the membership ends the feed when its owner leaves the workspace. `contentEtag` is the ETag last served and
 * `contentModifiedAt` when it was first served: the feed's Last-Modified.
 */
export const calendarFeeds = sqliteTable(
  "calendar_feeds",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    scope: text("scope", { enum: ["mine", "workspace"] }).notNull(),
    ...timestamps,
    /** The last poll, written at most once an hour. */
    lastUsedAt: text("last_used_at"),
    contentEtag: text("content_etag"),
    contentModifiedAt: text("content_modified_at"),
  },
  (t) => [
    uniqueIndex("calendar_feeds_token_hash_idx").on(t.tokenHash),
    index("calendar_feeds_member_idx").on(t.workspaceId, t.userId, t.createdAt),
    index("calendar_feeds_user_idx").on(t.userId),
    foreignKey({
      columns: [t.workspaceId, t.userId],
      foreignColumns: [memberships.workspaceId, memberships.userId],
    }).onDelete("cascade"),
  ],
);
export type CalendarFeedRow = typeof calendarFeeds.$inferSelect;

/**
 * How many times each task has been updated: a calendar feed's SEQUENCE (ADR 020). Counted by triggers
 * (drizzle/0012_calendar_feeds.sql), not by the code that writes tasks; a task never updated has no row.
 */
export const taskRevisions = sqliteTable("task_revisions", {
  taskId: text("task_id").primaryKey(),
  workspaceId: text("workspace_id")
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  revision: integer("revision").notNull().default(0),
});

/**
 * Reminders to send (ADR 022): one row per reminder of a task's assignee, at a UTC instant. Kept in step with the
 * task by the task services (due date moved, assignee changed, completed); the cron claims the due ones by
 * stamping `deliveredAt` in the statement that selects them, so each is sent once. `offsetMinutes` is null for a
 * snooze. `dmSentAt` is the claim of the Slack DM, given back when Slack asks to retry later.
 */
export const taskReminders = sqliteTable(
  "task_reminders",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull(),
    taskId: text("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    offsetMinutes: integer("offset_minutes"),
    fireAt: text("fire_at").notNull(),
    ...timestamps,
    deliveredAt: text("delivered_at"),
    dmSentAt: text("dm_sent_at"),
  },
  (t) => [
    index("task_reminders_due_idx")
      .on(t.fireAt)
      .where(sql`${t.deliveredAt} IS NULL`),
    index("task_reminders_task_idx").on(t.taskId),
    index("task_reminders_member_idx").on(t.workspaceId, t.userId),
    foreignKey({
      columns: [t.workspaceId, t.userId],
      foreignColumns: [memberships.workspaceId, memberships.userId],
    }).onDelete("cascade"),
  ],
);
export type TaskReminderRow = typeof taskReminders.$inferSelect;

/**
 * A member's in-app notifications (the header's menu, /notifications). `reminderId` is unique: a reminder the
 * queue delivers twice is written once. `taskId` is not a foreign key: the entry outlives its task.
 */
export const notifications = sqliteTable(
  "notifications",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull(),
    userId: text("user_id").notNull(),
    taskId: text("task_id"),
    reminderId: text("reminder_id"),
    /**
     * A reminder fell due; a task was given to the member by someone else; someone joined the team (owners); the
     * member was mentioned in a comment; a task they follow got a comment or changed status (ADR 038); a webhook
     * endpoint was switched off after a day of failures (owners, ADR 049).
     */
    kind: text("kind", {
      enum: ["reminder", "assigned", "joined", "mentioned", "comment", "status", "webhook"],
    }).notNull(),
    text: text("text").notNull(),
    ...timestamps,
    readAt: text("read_at"),
  },
  (t) => [
    uniqueIndex("notifications_reminder_idx").on(t.reminderId),
    index("notifications_member_idx").on(t.workspaceId, t.userId, t.createdAt),
    // The header's count on every page reads only the unread ones.
    index("notifications_unread_idx")
      .on(t.workspaceId, t.userId)
      .where(sql`${t.readAt} IS NULL`),
    foreignKey({
      columns: [t.workspaceId, t.userId],
      foreignColumns: [memberships.workspaceId, memberships.userId],
    }).onDelete("cascade"),
  ],
);
export type NotificationRow = typeof notifications.$inferSelect;

/**
 * A member's personal morning DM in Slack (ADR 022): on or off, the local hour, their timezone (null: the
 * workspace's), whether to send on a day with nothing to say, and the local date of the last one claimed.
 */
export const morningDms = sqliteTable(
  "morning_dms",
  {
    workspaceId: text("workspace_id").notNull(),
    userId: text("user_id").notNull(),
    enabled: integer("enabled", { mode: "boolean" }).notNull().default(false),
    hour: integer("hour").notNull().default(8),
    timezone: text("timezone"),
    evenWhenEmpty: integer("even_when_empty", { mode: "boolean" }).notNull().default(false),
    lastDate: text("last_date"),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.userId] }),
    index("morning_dms_enabled_idx").on(t.enabled),
    foreignKey({
      columns: [t.workspaceId, t.userId],
      foreignColumns: [memberships.workspaceId, memberships.userId],
    }).onDelete("cascade"),
  ],
);
export type MorningDmRow = typeof morningDms.$inferSelect;

/**
 * A task's risk a member acknowledged (ADR 036): hidden for the whole workspace while the task keeps the
 * `updated_at` it had then and has no kind of risk beyond `riskKinds` (app/domain/risk-acknowledgements.ts). A
 * trigger removes the row when the task changes (drizzle/0019_risk_acknowledgements.sql), and writes move the
 * workspace's `plan_version` on.
 */
export const riskAcknowledgements = sqliteTable(
  "risk_acknowledgements",
  {
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    taskId: text("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    taskUpdatedAt: text("task_updated_at").notNull(),
    /** The kinds of risk the task had when acknowledged (`RiskKind`s, JSON array, sorted). */
    riskKinds: text("risk_kinds", { mode: "json" }).$type<string[]>().notNull(),
    acknowledgedBy: text("acknowledged_by").references(() => users.id, { onDelete: "set null" }),
    acknowledgedAt: text("acknowledged_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.taskId] }), index("risk_acknowledgements_task_idx").on(t.taskId)],
);
export type RiskAcknowledgementRow = typeof riskAcknowledgements.$inferSelect;

/** How a task came from a Slack message: the message shortcut, an @mention, or the capture emoji. */
export const SLACK_MESSAGE_VIAS = ["shortcut", "mention", "reaction"] as const;

/**
 * The Slack message a task was made from and its thread (ADR 040), one per task. No foreign key to `tasks`, as
 * `task_events`: the row outlives a delete for the undo, and the purge of deleted tasks removes it. At most one
 * captured task per message (a partial unique index in drizzle/0023_slack_task_messages.sql).
 */
export const taskSlackMessages = sqliteTable(
  "task_slack_messages",
  {
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    taskId: text("task_id").notNull(),
    teamId: text("team_id").notNull(),
    channelId: text("channel_id").notNull(),
    /** The channel's name without `#` when Slack told us (the shortcut does; events are looked up); null if not. */
    channelName: text("channel_name"),
    messageTs: text("message_ts").notNull(),
    /** The thread the message is in: its parent's ts, or the message's own when it starts none. */
    threadTs: text("thread_ts").notNull(),
    /** chat.getPermalink's answer; null when Slack did not give one. */
    permalink: text("permalink"),
    via: text("via", { enum: SLACK_MESSAGE_VIAS }).notNull(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.taskId] }),
    index("task_slack_messages_thread_idx").on(t.workspaceId, t.channelId, t.threadTs),
    uniqueIndex("task_slack_messages_capture_idx")
      .on(t.workspaceId, t.channelId, t.messageTs)
      .where(sql`${t.via} = 'reaction'`),
    index("task_slack_messages_message_idx").on(t.workspaceId, t.channelId, t.messageTs),
  ],
);
export type TaskSlackMessageRow = typeof taskSlackMessages.$inferSelect;

/**
 * The crew directory (ADR 042): the people of the event, members or not. A member's entry carries their `userId`
 * (triggers in drizzle/0024_crew.sql keep one per membership); names are unique in a workspace whatever their case.
 */
export const crewPeople = sqliteTable(
  "crew_people",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    role: text("role"),
    department: text("department"),
    company: text("company"),
    phone: text("phone"),
    email: text("email"),
    notes: text("notes"),
    /** Listed on every day sheet as a key contact. */
    keyContact: integer("key_contact", { mode: "boolean" }).notNull().default(false),
    ...timestamps,
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("crew_people_name_idx").on(t.workspaceId, sql`lower(${t.name})`),
    uniqueIndex("crew_people_user_idx")
      .on(t.workspaceId, t.userId)
      .where(sql`${t.userId} IS NOT NULL`),
    index("crew_people_department_idx").on(t.workspaceId, t.department),
  ],
);
export type CrewPersonRow = typeof crewPeople.$inferSelect;

/**
 * Calls (ADR 043): when and where a person or a whole department is wanted on an event day. `day` is the local date,
 * `startTime` and `endTime` the venue's wall clock (`HH:MM`); the end, when given, is after the start.
 */
export const crewCalls = sqliteTable(
  "crew_calls",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    personId: text("person_id").references(() => crewPeople.id, { onDelete: "cascade" }),
    department: text("department"),
    startTime: text("start_time").notNull(),
    endTime: text("end_time"),
    location: text("location"),
    stageId: text("stage_id").references(() => showStages.id, { onDelete: "set null" }),
    notes: text("notes"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    index("crew_calls_day_idx").on(t.workspaceId, t.day, t.startTime),
    index("crew_calls_person_idx").on(t.personId, t.day),
  ],
);
export type CrewCallRow = typeof crewCalls.$inferSelect;

/**
 * Day sheet DMs sent (ADR 044, drizzle/0027_day_sheet_dms.sql): one per person and event day, claimed before the
 * evening DM goes out; `snapshot` (the sheet's calls and cues) is what the change DM compares against.
 */
export const daySheetDms = sqliteTable(
  "day_sheet_dms",
  {
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    personId: text("person_id")
      .notNull()
      .references(() => crewPeople.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    snapshot: text("snapshot").notNull(),
    sentAt: text("sent_at").notNull(),
    changedAt: text("changed_at"),
  },
  (t) => [primaryKey({ columns: [t.personId, t.day] }), index("day_sheet_dms_day_idx").on(t.workspaceId, t.day)],
);
export type DaySheetDmRow = typeof daySheetDms.$inferSelect;

/**
 * Personal crew links (issue 35, ADR 045): one directory person's day sheet and show mode at `/c/{token}`, no account
 * needed. Only the token's SHA-256 is kept. The link ends with the person (cascade) and with its maker's membership
 * (the composite key, as calendar feeds); a person has at most one active link.
 */
export const crewLinks = sqliteTable(
  "crew_links",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    personId: text("person_id")
      .notNull()
      .references(() => crewPeople.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdBy: text("created_by").notNull(),
    ...timestamps,
    revokedAt: text("revoked_at"),
    /** The last time the link's page or state was fetched, written at most every few minutes. */
    lastUsedAt: text("last_used_at"),
  },
  (t) => [
    uniqueIndex("crew_links_token_hash_idx").on(t.tokenHash),
    uniqueIndex("crew_links_active_person_idx")
      .on(t.personId)
      .where(sql`${t.revokedAt} IS NULL`),
    index("crew_links_maker_idx").on(t.workspaceId, t.createdBy),
    foreignKey({
      columns: [t.workspaceId, t.createdBy],
      foreignColumns: [memberships.workspaceId, memberships.userId],
    }).onDelete("cascade"),
  ],
);
export type CrewLinkRow = typeof crewLinks.$inferSelect;

/**
 * Personal API tokens (issue 36, ADR 048): `Authorization: Bearer cbt_…` on /api routes. Only the token's SHA-256 is
 * kept, with its first characters (`prefix`) to recognise it by; revoking deletes the row, and leaving the workspace
 * deletes the maker's tokens (the composite key).
 */
export const apiTokens = sqliteTable(
  "api_tokens",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    scope: text("scope", { enum: ["read", "read-write", "show-control"] }).notNull(),
    tokenHash: text("token_hash").notNull(),
    prefix: text("prefix").notNull(),
    ...timestamps,
    /** Null: the token never expires. */
    expiresAt: text("expires_at"),
    /** The last request it authenticated, written at most once a minute. */
    lastUsedAt: text("last_used_at"),
  },
  (t) => [
    uniqueIndex("api_tokens_token_hash_idx").on(t.tokenHash),
    index("api_tokens_maker_idx").on(t.workspaceId, t.userId, t.createdAt),
    index("api_tokens_user_idx").on(t.userId),
    foreignKey({
      columns: [t.workspaceId, t.userId],
      foreignColumns: [memberships.workspaceId, memberships.userId],
    }).onDelete("cascade"),
  ],
);
export type ApiTokenRow = typeof apiTokens.$inferSelect;

/**
 * A workspace's webhook endpoints (ADR 049): an HTTPS address, the events it gets, and the signing secret encrypted
 * with SECRETS_KEY under the context `webhook_endpoints:<id>:secret`. Switched off (with the reason) after a day of
 * failed deliveries; `failingSince` is the first failure since the last success.
 */
export const webhookEndpoints = sqliteTable(
  "webhook_endpoints",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    events: text("events", { mode: "json" }).$type<string[]>().notNull(),
    secretEnc: text("secret_enc").notNull(),
    description: text("description"),
    enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
    disabledReason: text("disabled_reason"),
    failingSince: text("failing_since"),
    createdBy: text("created_by").notNull(),
    ...timestamps,
  },
  (t) => [index("webhook_endpoints_workspace_idx").on(t.workspaceId, t.createdAt)],
);
export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

/**
 * One event's delivery to one endpoint, with its attempts (ADR 049). The newest WEBHOOK_LOG_LIMIT per endpoint are
 * kept: older ones are pruned in the batch that logs a new one.
 */
export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    endpointId: text("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    event: text("event").notNull(),
    eventId: text("event_id").notNull(),
    /** The exact JSON body sent (and signed) on every attempt. */
    payload: text("payload").notNull(),
    status: text("status", { enum: ["pending", "succeeded", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    nextAttemptAt: text("next_attempt_at"),
    ...timestamps,
    deliveredAt: text("delivered_at"),
  },
  (t) => [index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.createdAt)],
);
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

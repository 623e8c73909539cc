import type { UserActivityRow } from "~/db/schema";
import { SIGNUPS_PAGE_SIZE, type ConversionFunnel, type PageVisitInput, type UserActivityInput } from "~/domain/crm";
import { toCsv } from "~/domain/csv";
import { newId } from "~/lib/crypto";
import * as crmModel from "~/models/crm";
import type { ActorCtx, Ctx } from "./context.server";

/** Activity tracking (what browsers report) and the admin CRM's reading of it. */

/** A page view, by anyone: `userId` is the visitor's when they are signed in. */
export async function recordPageVisit(ctx: Ctx, input: PageVisitInput & { userId: string | null }) {
  await crmModel.insertPageVisit(ctx.db, {
    id: newId(),
    sessionId: input.sessionId,
    userId: input.userId,
    page: input.page,
    createdAt: ctx.now.toISOString(),
  });
}

export async function recordUserActivity(ctx: ActorCtx, input: UserActivityInput) {
  const { user } = ctx.actor;
  await crmModel.insertUserActivity(ctx.db, {
    id: newId(),
    activityType: input.activityType,
    userId: user.id,
    userType: user.authType,
    sessionId: input.sessionId,
    page: input.page,
    activityData: input.activityData ? JSON.stringify(input.activityData) : null,
    createdAt: ctx.now.toISOString(),
  });
}

export interface CrmSummary {
  conversionFunnel: ConversionFunnel;
  userActivities: { signupCompleted: number; taskCreated: number; slackConnected: number };
}

export async function getCrmSummary(ctx: ActorCtx): Promise<CrmSummary> {
  const { db } = ctx;
  const results = await db.batch(crmModel.summaryQueries(db));
  const [visitors, signups, dashboardVisits, taskCreators, signupCompleted, taskCreated, slackConnected] = results.map(
    (rows) => Number(rows[0]?.n ?? 0),
  );
  return {
    conversionFunnel: { visitors, signups, dashboardVisits, taskCreators },
    userActivities: { signupCompleted, taskCreated, slackConnected },
  };
}

/** The activity record as the spec names it, plus the user's name for the admin list. */
function toActivityDto(activity: UserActivityRow, userName: string | null) {
  return {
    id: activity.id,
    activityType: activity.activityType,
    userType: activity.userType === "oidc" ? "replit" : "demo",
    userId: activity.userId,
    userName,
    page: activity.page,
    activityData: activity.activityData ? (JSON.parse(activity.activityData) as Record<string, unknown>) : null,
    createdAt: activity.createdAt,
  };
}
export type UserActivityDto = ReturnType<typeof toActivityDto>;

export async function listRecentActivities(ctx: ActorCtx, input: { limit: number }) {
  const rows = await crmModel.listUserActivities(ctx.db, input.limit);
  return rows.map((row) => toActivityDto(row.activity, row.userName));
}

export async function listDemoSignups(ctx: ActorCtx, input: { page: number }) {
  const { db } = ctx;
  const { page } = input;
  const pageSize = SIGNUPS_PAGE_SIZE;
  const [signups, [total]] = await db.batch([
    crmModel.listDemoSignups(db, { limit: pageSize, offset: (page - 1) * pageSize }),
    crmModel.countDemoSignups(db),
  ]);
  const count = Number(total?.n ?? 0);
  return { signups, page, pageSize, total: count, totalPages: Math.max(1, Math.ceil(count / pageSize)) };
}
export type DemoSignupPage = Awaited<ReturnType<typeof listDemoSignups>>;

const CSV_HEADER = ["Name", "Email", "Source", "Marketing Opt-In", "Signed Up", "Last Active"];

/** Every demo signup as CSV (app/domain/csv.ts quotes and neutralises formulas). */
export async function exportDemoSignupsCsv(ctx: ActorCtx) {
  const { db } = ctx;
  const rows = await crmModel.listDemoSignups(db);
  return toCsv(
    CSV_HEADER,
    rows.map((r) => [r.name, r.email, r.signupSource, r.marketingOptIn ? "yes" : "no", r.createdAt, r.lastActiveAt]),
  );
}

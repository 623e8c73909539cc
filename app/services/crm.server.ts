import type { Db } from "~/db/client";
import type { UserActivityRow } from "~/db/schema";
import { SIGNUPS_PAGE_SIZE, type ConversionFunnel, type PageVisitInput, type UserActivityInput } from "~/domain/crm";
import { toCsv } from "~/domain/csv";
import { newId } from "~/lib/crypto";
import * as crmModel from "~/models/crm";
import type { Auth } from "./auth.server";

/** Activity tracking (what browsers report) and the admin CRM's reading of it. */

export async function recordPageVisit(db: Db, input: PageVisitInput, auth: Auth | null, now = new Date()) {
  await crmModel.insertPageVisit(db, {
    id: newId(),
    sessionId: input.sessionId,
    userId: auth?.user.id ?? null,
    page: input.page,
    createdAt: now.toISOString(),
  });
}

export async function recordUserActivity(db: Db, input: UserActivityInput, auth: Auth, now = new Date()) {
  await crmModel.insertUserActivity(db, {
    id: newId(),
    activityType: input.activityType,
    userId: auth.user.id,
    userType: auth.user.authType,
    sessionId: input.sessionId,
    page: input.page,
    activityData: input.activityData ? JSON.stringify(input.activityData) : null,
    createdAt: now.toISOString(),
  });
}

export interface CrmSummary {
  conversionFunnel: ConversionFunnel;
  userActivities: { signupCompleted: number; taskCreated: number; slackConnected: number };
}

export async function getCrmSummary(db: Db): Promise<CrmSummary> {
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

export async function listRecentActivities(db: Db, limit: number) {
  const rows = await crmModel.listUserActivities(db, limit);
  return rows.map((row) => toActivityDto(row.activity, row.userName));
}

export async function listDemoSignups(db: Db, page: number, pageSize = SIGNUPS_PAGE_SIZE) {
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
export async function exportDemoSignupsCsv(db: Db) {
  const rows = await crmModel.listDemoSignups(db);
  return toCsv(
    CSV_HEADER,
    rows.map((r) => [r.name, r.email, r.signupSource, r.marketingOptIn ? "yes" : "no", r.createdAt, r.lastActiveAt]),
  );
}

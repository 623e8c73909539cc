import { and, count, countDistinct, desc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client";
import { pageVisits, tasks, userActivities, users } from "~/db/schema";

export function insertPageVisit(db: Db, row: typeof pageVisits.$inferInsert) {
  return db.insert(pageVisits).values(row);
}

export function insertUserActivity(db: Db, row: typeof userActivities.$inferInsert) {
  return db.insert(userActivities).values(row);
}

const isDemoUser = eq(users.authType, "demo");

/** The CRM summary's figures as one batch of counting queries; see app/domain/crm.ts for their meaning. */
export function summaryQueries(db: Db) {
  const activityCount = (type: (typeof userActivities.$inferSelect)["activityType"]) =>
    db.select({ n: count() }).from(userActivities).where(eq(userActivities.activityType, type));
  return [
    db.select({ n: countDistinct(pageVisits.sessionId) }).from(pageVisits),
    db.select({ n: count() }).from(users).where(isDemoUser),
    db
      .select({ n: countDistinct(userActivities.userId) })
      .from(userActivities)
      .innerJoin(users, eq(users.id, userActivities.userId))
      .where(and(eq(userActivities.activityType, "dashboard_visited"), isDemoUser)),
    db
      .select({ n: countDistinct(tasks.createdBy) })
      .from(tasks)
      .innerJoin(users, eq(users.id, tasks.createdBy))
      .where(isDemoUser),
    activityCount("signup_completed"),
    activityCount("task_created"),
    activityCount("slack_connected"),
  ] as const;
}

export function listUserActivities(db: Db, limit: number) {
  return db
    .select({ activity: userActivities, userName: users.name })
    .from(userActivities)
    .leftJoin(users, eq(users.id, userActivities.userId))
    .orderBy(desc(userActivities.createdAt), desc(userActivities.id))
    .limit(limit);
}

const signupColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  signupSource: users.signupSource,
  marketingOptIn: users.marketingOptIn,
  createdAt: users.createdAt,
  lastActiveAt: users.lastActiveAt,
};

/** Demo accounts, newest first: the CRM's demo signup records. Without `page`, all of them (the CSV). */
export function listDemoSignups(db: Db, page?: { limit: number; offset: number }) {
  const query = db.select(signupColumns).from(users).where(isDemoUser).orderBy(desc(users.createdAt), desc(users.id));
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

export function countDemoSignups(db: Db) {
  return db
    .select({ n: sql<number>`count(*)` })
    .from(users)
    .where(isDemoUser);
}

import { z } from "zod";
import { ACTIVITY_TYPES } from "./activity";

const PAGE_MAX = 200;
const ACTIVITY_DATA_MAX_BYTES = 2048;
/** Admin lists: the activities request takes 1–100 (default 20; the page asks for 20 and shows 10). */
export const ACTIVITY_LIMIT_DEFAULT = 20;
const ACTIVITY_LIMIT_MAX = 100;
export const ACTIVITIES_SHOWN = 10;
export const SIGNUPS_PAGE_SIZE = 20;

/**
 * The analytics session id a tab keeps in sessionStorage: our browsers send a UUID; other clients'
 * `session_1700000000000_k3j4h5` style ids pass too. Anything else (spaces, markup, 100 KB) does not.
 */
const sessionIdField = z
  .string({ required_error: "sessionId is required", invalid_type_error: "sessionId must be text" })
  .regex(/^[A-Za-z0-9_-]{8,100}$/, "sessionId must be 8–100 letters, digits, '-' or '_'");

/** The path the visitor was on. A query or fragment is cut off: they can carry tokens and are not wanted. */
const pageField = z
  .string({ required_error: "page is required", invalid_type_error: "page must be text" })
  .transform((page) => page.split(/[?#]/, 1)[0]!)
  .pipe(
    z
      .string()
      .max(PAGE_MAX, `page must be at most ${PAGE_MAX} characters`)
      .regex(/^\/[^\s\\]*$/, "page must be a path starting with /"),
  );

export const pageVisitSchema = z.object({ page: pageField, sessionId: sessionIdField });
export type PageVisitInput = z.infer<typeof pageVisitSchema>;

const activityDataField = z
  .record(z.unknown(), { invalid_type_error: "activityData must be a JSON object" })
  .nullish()
  .refine((data) => !data || new TextEncoder().encode(JSON.stringify(data)).length <= ACTIVITY_DATA_MAX_BYTES, {
    message: `activityData must be at most ${ACTIVITY_DATA_MAX_BYTES} bytes of JSON`,
  })
  .transform((data) => data ?? null);

export const userActivitySchema = z.object({
  activityType: z.enum(ACTIVITY_TYPES, {
    errorMap: () => ({ message: `activityType must be one of ${ACTIVITY_TYPES.join(", ")}` }),
  }),
  activityData: activityDataField,
  page: pageField,
  sessionId: sessionIdField,
});
export type UserActivityInput = z.infer<typeof userActivitySchema>;

/** `?limit=` of the activities list: absent means the default; anything but a whole number 1–100 is refused. */
export const activityLimitSchema = z
  .string()
  .nullable()
  .transform((raw, ctx) => {
    if (raw === null) return ACTIVITY_LIMIT_DEFAULT;
    const limit = /^\d{1,3}$/.test(raw) ? Number(raw) : NaN;
    if (!(limit >= 1 && limit <= ACTIVITY_LIMIT_MAX)) {
      ctx.addIssue({ code: "custom", message: `limit must be a whole number from 1 to ${ACTIVITY_LIMIT_MAX}` });
      return z.NEVER;
    }
    return limit;
  });

/** `GET /api/admin/export-csv?type=signups`: the one export there is; any other type (or none) is refused. */
export const adminExportQuerySchema = z.object({
  type: z.literal("signups", { errorMap: () => ({ message: "type must be signups" }) }),
});

/** `?page=` of the signups list: absent means 1; anything but a whole number ≥ 1 is refused. */
export const pageNumberSchema = z
  .string()
  .nullable()
  .transform((raw, ctx) => {
    if (raw === null) return 1;
    const page = /^\d{1,6}$/.test(raw) ? Number(raw) : NaN;
    if (!(page >= 1)) {
      ctx.addIssue({ code: "custom", message: "page must be a whole number from 1" });
      return z.NEVER;
    }
    return page;
  });

export interface ConversionFunnel {
  /** Distinct analytics sessions that reported a page visit. */
  visitors: number;
  /** Demo accounts. */
  signups: number;
  /** Demo accounts that reached the dashboard. */
  dashboardVisits: number;
  /** Demo accounts that created at least one task. */
  taskCreators: number;
}

/** `part` as a percentage of `whole`, to one decimal (`"37.5%"`); null when there is no whole to divide by. */
export function percentOf(part: number, whole: number) {
  if (whole <= 0) return null;
  return `${((part / whole) * 100).toFixed(1)}%`;
}

/** The admin list of emails (`ADMIN_EMAILS`, comma separated), trimmed and case-folded. */
export function parseAdminEmails(raw: string | undefined) {
  return new Set(
    (raw ?? "")
      .split(",")
      .map((email) => email.trim().toLowerCase())
      .filter((email) => email.length > 0),
  );
}

/** What the admin rule needs to know of a user. */
export interface AdminCandidate {
  authType: "demo" | "oidc";
  emailVerified: boolean;
  email: string;
}

/** Whether an identity user may see the CRM: a provider-verified email on the `ADMIN_EMAILS` list. */
export function isAdmin(user: AdminCandidate, adminEmails: string | undefined) {
  if (user.authType !== "oidc" || !user.emailVerified || !user.email) return false;
  return parseAdminEmails(adminEmails).has(user.email.toLowerCase());
}

/**
 * Who may open the CRM: `sign-in` without an identity-provider session (demo sessions included), `forbidden` for an
 * identity user who is no admin, `granted` for an admin.
 */
export function adminAccess(user: AdminCandidate | null, adminEmails: string | undefined) {
  if (!user || user.authType !== "oidc") return "sign-in" as const;
  return isAdmin(user, adminEmails) ? ("granted" as const) : ("forbidden" as const);
}

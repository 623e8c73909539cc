import { z } from "zod";
import type { ShowAction } from "./show-live";
import type { Role } from "./teams";

/**
 * Personal API tokens (issue 36, ADR 048): `Authorization: Bearer cbt_…` on /api routes, made on /settings. Pure
 * rules: what each scope may call, when a token expires, the bound per person. The service stores only the token's
 * SHA-256; the auth helpers apply `apiTokenRefusal` where a request becomes an actor.
 */

export const API_TOKEN_SCOPES = ["read", "read-write", "show-control"] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** What the settings page calls each scope, and what it lets a token do, in plain words. */
export const API_TOKEN_SCOPE_TEXT: Record<ApiTokenScope, { label: string; explanation: string }> = {
  read: { label: "Read only", explanation: "Reads tasks, the show and the rest; changes nothing." },
  "read-write": {
    label: "Read and write",
    explanation: "Does anything you can do as a member of this workspace; owner actions only while you are an owner.",
  },
  "show-control": {
    label: "Show control",
    explanation: "Only presses GO, Back, Start and Stop and reads the show's state: for a Stream Deck. Owners only.",
  },
};

/** Tokens one person may hold in one workspace: one per script and device, few enough to review on one page. */
export const MAX_API_TOKENS_PER_MEMBER = 50;
export const API_TOKEN_NAME_MAX = 60;
/** The longest expiry the API accepts (ten years); the settings page offers 30, 90 and 365 days or never. */
export const MAX_EXPIRY_DAYS = 3650;
export const EXPIRY_CHOICES = ["never", "30", "90", "365"] as const;
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number];

/** Every token starts so, so a Bearer is known to be one before it is looked up, and secret scanners spot it. */
export const API_TOKEN_MARK = "cbt_";
/** `cbt_` and 43 base64url characters (256 random bits); anything else is not looked up as a personal token. */
export const API_TOKEN_RE = /^cbt_[A-Za-z0-9_-]{43}$/;
/** How much of a token the list shows to recognise it by: the mark and 8 characters (48 of its 256 bits). */
export const API_TOKEN_PREFIX_LENGTH = API_TOKEN_MARK.length + 8;

export const isPersonalToken = (bearer: string) => bearer.startsWith(API_TOKEN_MARK);
export const visiblePrefix = (token: string) => token.slice(0, API_TOKEN_PREFIX_LENGTH);

const nameField = z
  .string({ required_error: "Name is required", invalid_type_error: "Name must be text" })
  .trim()
  .min(1, "Name is required")
  .max(API_TOKEN_NAME_MAX, `Name is at most ${API_TOKEN_NAME_MAX} characters`);

const scopeField = z.enum(API_TOKEN_SCOPES, {
  errorMap: () => ({ message: "Scope must be read, read-write or show-control" }),
});

/**
 * `POST /api/tokens`: a name, a scope and at most one of `expiresInDays` (1 to 3650) or `expiresAt` (an ISO instant
 * with its offset); neither means the token never expires. `tokenExpiry` applies the rules the schema cannot see
 * (both given, an instant in the past).
 */
export const apiTokenCreateSchema = z.object({
  name: nameField,
  scope: scopeField,
  expiresInDays: z
    .number({ invalid_type_error: "expiresInDays must be a whole number of days" })
    .int("expiresInDays must be a whole number of days")
    .min(1, "expiresInDays is at least 1")
    .max(MAX_EXPIRY_DAYS, `expiresInDays is at most ${MAX_EXPIRY_DAYS}`)
    .nullable()
    .optional(),
  expiresAt: z
    .string({ invalid_type_error: "expiresAt must be a date and time like 2027-01-31T18:00:00Z" })
    .datetime({ offset: true, message: "expiresAt must be a date and time like 2027-01-31T18:00:00Z" })
    .nullable()
    .optional(),
});
export type ApiTokenCreateInput = z.infer<typeof apiTokenCreateSchema>;

/** The settings page's form: the same name and scope, the expiry as one of the choices. */
export const apiTokenFormSchema = z.object({
  name: nameField,
  scope: scopeField,
  expiry: z.enum(EXPIRY_CHOICES, { errorMap: () => ({ message: "Choose when the token expires" }) }),
});

/** The form's expiry choice as the API's `expiresInDays` (null: never). */
export const expiryDaysOf = (choice: ExpiryChoice) => (choice === "never" ? null : Number(choice));

/**
 * When a new token expires (ISO), null for never, or the field errors that refuse the input: both ways given, or an
 * instant that is not after `now` or past the longest expiry.
 */
export function tokenExpiry(
  input: Pick<ApiTokenCreateInput, "expiresInDays" | "expiresAt">,
  now: Date,
): { expiresAt: string | null } | { fieldErrors: Record<string, string[]> } {
  const { expiresInDays, expiresAt } = input;
  if (expiresInDays != null && expiresAt != null) {
    return { fieldErrors: { expiresAt: ["Give expiresInDays or expiresAt, not both"] } };
  }
  if (expiresInDays != null) return { expiresAt: new Date(now.getTime() + expiresInDays * DAY_MS).toISOString() };
  if (expiresAt == null) return { expiresAt: null };
  const at = Date.parse(expiresAt);
  if (!(at > now.getTime())) return { fieldErrors: { expiresAt: ["The expiry must be in the future"] } };
  if (at > now.getTime() + MAX_EXPIRY_DAYS * DAY_MS) {
    return { fieldErrors: { expiresAt: [`The expiry is at most ${MAX_EXPIRY_DAYS} days ahead`] } };
  }
  return { expiresAt: new Date(at).toISOString() };
}

const DAY_MS = 86_400_000;

/** Whether a token with this expiry still works at `now` (null: it never expires). */
export const isTokenLive = (expiresAt: string | null, now: Date) =>
  expiresAt === null || Date.parse(expiresAt) > now.getTime();

/** `last_used_at` is written when it is older than this, so a busy script costs no write per request. */
export const TOKEN_LAST_USED_EVERY_MS = 60_000;

export const shouldTouchTokenUse = (lastUsedAt: string | null, now: Date) =>
  lastUsedAt === null || now.getTime() - Date.parse(lastUsedAt) >= TOKEN_LAST_USED_EVERY_MS;

/** The one route a show-control token may call, and what it may press there. Rehearse is not one (ADR 048). */
export const SHOW_CONTROL_PATH = "/api/show/live";
export const SHOW_CONTROL_ACTIONS = ["go", "back", "start", "stop"] as const satisfies readonly ShowAction[];

export const READ_ONLY_REFUSAL = "This token can only read";
export const SHOW_CONTROL_REFUSAL = "This token can only control the show";

const isRead = (method: string) => method === "GET" || method === "HEAD";

/**
 * Why a token of `scope` may not make this request, or null when it may: `read` only reads, `show-control` only
 * reads and posts to `/api/show/live` (which action it may post is `showActionRefusal`'s, once the body is read),
 * `read-write` may do whatever its maker may.
 */
export function apiTokenRefusal(scope: ApiTokenScope, request: { method: string; path: string }) {
  if (scope === "read") return isRead(request.method) ? null : READ_ONLY_REFUSAL;
  if (scope === "show-control") {
    const allowed = request.path === SHOW_CONTROL_PATH && (isRead(request.method) || request.method === "POST");
    return allowed ? null : SHOW_CONTROL_REFUSAL;
  }
  return null;
}

/** Why a caller holding a token of `scope` (none: a session) may not press `action` in show mode, or null. */
export function showActionRefusal(scope: ApiTokenScope | undefined, action: ShowAction) {
  if (scope !== "show-control") return null;
  return (SHOW_CONTROL_ACTIONS as readonly ShowAction[]).includes(action)
    ? null
    : "This token can only press GO, Back, Start and Stop";
}

/** Why a member of `role` may not make a token of `scope`, or null: owners decide who controls the show. */
export function tokenScopeRefusal(role: Role, scope: ApiTokenScope) {
  return scope === "show-control" && role !== "owner" ? "Only owners can make show-control tokens" : null;
}

export function tokenLimitRefusal(count: number) {
  return count >= MAX_API_TOKENS_PER_MEMBER
    ? `You have ${MAX_API_TOKENS_PER_MEMBER} API tokens in this workspace, the most allowed. Revoke one you no longer use first.`
    : null;
}

/** When a token was last used, as the settings list says it: "never", "just now", "5 minutes ago" … then the day. */
export function lastUsedText(lastUsedAt: string | null, now: Date, formatDay: (iso: string) => string) {
  if (lastUsedAt === null) return "never";
  const minutes = Math.floor((now.getTime() - Date.parse(lastUsedAt)) / 60_000);
  if (minutes < 1) return "just now";
  if (minutes < 60) return minutes === 1 ? "a minute ago" : `${minutes} minutes ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return hours === 1 ? "an hour ago" : `${hours} hours ago`;
  const days = Math.floor(hours / 24);
  if (days < 7) return days === 1 ? "yesterday" : `${days} days ago`;
  return `on ${formatDay(lastUsedAt)}`;
}

import { badRequest } from "./errors";

/**
 * The people a task can be assigned to, as the task form lists them. The optional fields are what a typed owner
 * is matched against besides the name (see `matchOwner`).
 */
export type AssignableMember = {
  id: string;
  name: string;
  email?: string | null;
  slackHandle?: string | null;
  slackName?: string | null;
};

export function toAssignableMembers(
  rows: ReadonlyArray<{
    userId: string;
    name: string;
    email?: string | null;
    slackHandle?: string | null;
    slackName?: string | null;
  }>,
): AssignableMember[] {
  return rows.map((r) => ({
    id: r.userId,
    name: r.name,
    email: r.email ?? null,
    slackHandle: r.slackHandle ?? null,
    slackName: r.slackName ?? null,
  }));
}

/** What a typed owner ("Maria", "@lena", "me") means among the workspace's members. */
export type OwnerMatch =
  | { kind: "member"; member: AssignableMember }
  | { kind: "ambiguous"; candidates: AssignableMember[]; question: string }
  | { kind: "outside"; name: string };

/** Words that name whoever is writing. */
const SELF_NAMES = new Set(["me", "i", "myself"]);
/** How many names an ambiguity question lists. */
const QUESTION_NAMES = 5;

/** A name or handle as compared: no leading `@`, accents, case or repeated spaces. */
export function ownerKey(value: string) {
  return value.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim().replace(/^@\s*/, "");
}

const firstWord = (key: string) => key.split(" ", 1)[0];
const localPart = (email: string) => email.slice(0, Math.max(0, email.indexOf("@")));

/**
 * How strongly a typed key names a member: 3 their full name, 2 one of their handles (Slack handle or display
 * name, email local part), 1 their first name, 0 not at all.
 */
function strength(member: AssignableMember, key: string) {
  if (ownerKey(member.name) === key) return 3;
  const handles = [member.slackHandle, member.slackName, member.email ? localPart(member.email) : null];
  if (handles.some((h) => h && ownerKey(h) === key)) return 2;
  if (firstWord(ownerKey(member.name)) === key) return 1;
  return 0;
}

/** "Which Sam? Sam Patel or Sam Lee": a shared first name as the members write it, anything else as typed. */
function whichQuestion(typed: string, candidates: readonly AssignableMember[], byFirstName: boolean) {
  const names = candidates.slice(0, QUESTION_NAMES).map((c) => c.name);
  const listed = `${names.slice(0, -1).join(", ")} or ${names[names.length - 1]}`;
  const asked = byFirstName ? candidates[0].name.trim().split(/\s+/, 1)[0] : typed.trim().replace(/^@\s*/, "");
  return `Which ${asked}? ${listed}`;
}

/**
 * Matches a typed owner against the workspace's members: by full name, then by a handle (Slack handle or Slack
 * display name, the email's local part), then by first name, ignoring case, accents and a leading "@"; the
 * strongest kind of match that finds anyone decides. "me", "I" and "myself" are the author, and so is any name
 * the author matches among others ("@lena" typed by Lena). One member is that member; several are ambiguous
 * (the caller asks, never picks); nobody is an outside person by the name as typed. Linear in the members.
 */
export function matchOwner(members: readonly AssignableMember[], typed: string, authorId?: string): OwnerMatch {
  const key = ownerKey(typed);
  const author = authorId === undefined ? undefined : members.find((m) => m.id === authorId);
  if (author && SELF_NAMES.has(key)) return { kind: "member", member: author };
  let best = 0;
  let candidates: AssignableMember[] = [];
  for (const member of key ? members : []) {
    const s = strength(member, key);
    if (s === 0 || s < best) continue;
    if (s > best) [best, candidates] = [s, []];
    candidates.push(member);
  }
  if (candidates.length === 1) return { kind: "member", member: candidates[0] };
  if (author && candidates.includes(author)) return { kind: "member", member: author };
  if (candidates.length > 1)
    return { kind: "ambiguous", candidates, question: whichQuestion(typed, candidates, best === 1) };
  return { kind: "outside", name: typed };
}

/** The refusal for an ambiguous owner, on the field that named them. */
export function ambiguousOwner(question: string) {
  return badRequest(question, { assigneeName: [question] });
}

/**
 * Whether tasks typed for `name` may be `member`'s: the name matches them alone, or them among others (they
 * confirm it themselves, so an ambiguous name is offered to each person it may mean).
 */
export function mayBeTypedFor(members: readonly AssignableMember[], memberId: string, name: string) {
  const match = matchOwner(members, name);
  if (match.kind === "member") return match.member.id === memberId;
  return match.kind === "ambiguous" && match.candidates.some((c) => c.id === memberId);
}

/** What a task row stores about its assignee. */
export interface AssigneeFields {
  assigneeId: string | null;
  assigneeName: string | null;
  assigneeContact: string | null;
}

/** What a caller may say about a task's assignee. */
export interface AssigneeInput {
  assigneeId?: string | null;
  assigneeName?: string | null;
  assigneeContact?: string | null;
}

const NOBODY: AssigneeFields = { assigneeId: null, assigneeName: null, assigneeContact: null };

/** Whether resolving `input` reads the workspace's members (so a caller loads them only then). */
export const needsMembers = (input: AssigneeInput) => Boolean(input.assigneeId || input.assigneeName);

/**
 * Turns what a caller said about a task's assignee into what the row stores. A member id must be one of
 * `members` (else invalid); the member's name is copied for display and filtering and a contact note is dropped
 * (members are reachable in the workspace). Without an id, a typed name is matched by `matchOwner` (`authorId`
 * is who typed it, for "me" and their own name): one member means that member, so `@sam` from Slack or the
 * parser is Sam's task; several are refused with the question to ask; anyone else is an outside person, who may
 * carry a contact note.
 */
export function resolveAssignee(
  members: readonly AssignableMember[],
  input: AssigneeInput,
  authorId?: string,
): AssigneeFields {
  if (input.assigneeId) {
    const member = members.find((m) => m.id === input.assigneeId);
    if (!member) {
      throw badRequest("The assignee must be a member of this workspace", {
        assigneeId: ["Choose a member of this workspace, or name someone outside the team"],
      });
    }
    return { assigneeId: member.id, assigneeName: member.name, assigneeContact: null };
  }
  const name = input.assigneeName ?? null;
  if (!name) {
    if (input.assigneeContact) {
      const message = "A contact note needs the outside person's name";
      throw badRequest(message, { assigneeContact: [message] });
    }
    return NOBODY;
  }
  const match = matchOwner(members, name, authorId);
  if (match.kind === "member")
    return { assigneeId: match.member.id, assigneeName: match.member.name, assigneeContact: null };
  if (match.kind === "ambiguous") throw ambiguousOwner(match.question);
  return { assigneeId: null, assigneeName: name, assigneeContact: input.assigneeContact ?? null };
}

/**
 * The assignee after a partial update of a task whose assignee is `current`. `assigneeId` (a member, or null with
 * an optional outside name) and `assigneeName` (an outside person, or a member by their exact name) replace the
 * assignee; a contact note alone changes only an outside person's note, and keeps it when only their name's
 * spelling changes. `members` is read only when the update names someone (`needsMembers`).
 */
export function updatedAssignee(
  members: readonly AssignableMember[],
  current: AssigneeFields,
  fields: AssigneeInput,
  authorId?: string,
): Partial<AssigneeFields> {
  const { assigneeId, assigneeName, assigneeContact } = fields;
  if (assigneeId !== undefined)
    return resolveAssignee(members, { assigneeId, assigneeName, assigneeContact }, authorId);
  if (assigneeName !== undefined) {
    const sameOutsider =
      current.assigneeId === null && current.assigneeName?.toLowerCase() === assigneeName?.toLowerCase();
    const contact = assigneeContact !== undefined ? assigneeContact : sameOutsider ? current.assigneeContact : null;
    return resolveAssignee(members, { assigneeName, assigneeContact: contact }, authorId);
  }
  if (assigneeContact !== undefined) {
    const outsider = current.assigneeId === null && current.assigneeName !== null;
    if (!outsider && assigneeContact !== null) {
      const message = "A contact note goes with an outside assignee; name them first";
      throw badRequest(message, { assigneeContact: [message] });
    }
    return { assigneeContact };
  }
  return {};
}

import { badRequest } from "./errors";

/** The people a task can be assigned to, as the task form lists them. */
export type AssignableMember = { id: string; name: string };

export function toAssignableMembers(rows: ReadonlyArray<{ userId: string; name: string }>): AssignableMember[] {
  return rows.map((r) => ({ id: r.userId, name: r.name }));
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
 * (members are reachable in the workspace). Without an id, a name that is exactly one member's name (any case)
 * means that member, so `@Sam Okafor` from Slack or the parser is Sam's task; any other name is an outside
 * person, who may carry a contact note.
 */
export function resolveAssignee(members: readonly AssignableMember[], input: AssigneeInput): AssigneeFields {
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
  const named = members.filter((m) => m.name.toLowerCase() === name.toLowerCase());
  if (named.length === 1) return { assigneeId: named[0].id, assigneeName: named[0].name, assigneeContact: null };
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
): Partial<AssigneeFields> {
  const { assigneeId, assigneeName, assigneeContact } = fields;
  if (assigneeId !== undefined) return resolveAssignee(members, { assigneeId, assigneeName, assigneeContact });
  if (assigneeName !== undefined) {
    const sameOutsider =
      current.assigneeId === null && current.assigneeName?.toLowerCase() === assigneeName?.toLowerCase();
    const contact = assigneeContact !== undefined ? assigneeContact : sameOutsider ? current.assigneeContact : null;
    return resolveAssignee(members, { assigneeName, assigneeContact: contact });
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

import { describe, expect, it } from "vitest";
import { AppError } from "./errors";
import { needsMembers, resolveAssignee, toAssignableMembers, updatedAssignee, type AssigneeFields } from "./assignees";

const sam = { id: "u-sam", name: "Sam Okafor" };
const maria = { id: "u-maria", name: "Maria Lopez" };
const members = [sam, maria];
const nobody: AssigneeFields = { assigneeId: null, assigneeName: null, assigneeContact: null };
const outsider: AssigneeFields = {
  assigneeId: null,
  assigneeName: "Jo from Catering",
  assigneeContact: "jo@example.com",
};
const member: AssigneeFields = { assigneeId: sam.id, assigneeName: sam.name, assigneeContact: null };

function refusal(fn: () => unknown) {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error("expected a refusal");
}

describe("toAssignableMembers", () => {
  it("keeps each member's id and name", () => {
    expect(toAssignableMembers([{ userId: "u1", name: "Dana" }])).toEqual([{ id: "u1", name: "Dana" }]);
  });
});

describe("needsMembers", () => {
  it.each([
    [{}, false],
    [{ assigneeId: null, assigneeName: null }, false],
    [{ assigneeContact: "a note" }, false],
    [{ assigneeId: "u1" }, true],
    [{ assigneeName: "Sam" }, true],
  ])("%j → %s", (input, expected) => {
    expect(needsMembers(input)).toBe(expected);
  });
});

describe("resolveAssignee", () => {
  it("takes a member by id with their name, dropping any contact note", () => {
    expect(resolveAssignee(members, { assigneeId: sam.id, assigneeContact: "ignored" })).toEqual(member);
  });

  it("refuses an id that is not a member of the workspace", () => {
    const error = refusal(() => resolveAssignee(members, { assigneeId: "u-stranger" }));
    expect(error.code).toBe("invalid");
    expect(error.extra.fieldErrors).toHaveProperty("assigneeId");
  });

  it("reads a name that is exactly one member's (any case) as that member", () => {
    expect(resolveAssignee(members, { assigneeName: "sam okafor" })).toEqual(member);
  });

  it("keeps any other name as an outside person with their contact note", () => {
    expect(resolveAssignee(members, { assigneeName: "Jo from Catering", assigneeContact: "jo@example.com" })).toEqual(
      outsider,
    );
    expect(resolveAssignee(members, { assigneeName: "Sam" })).toEqual({
      assigneeId: null,
      assigneeName: "Sam",
      assigneeContact: null,
    });
  });

  it("treats a name two members share as an outside name", () => {
    const twins = [sam, { id: "u-sam2", name: "SAM OKAFOR" }];
    expect(resolveAssignee(twins, { assigneeName: "Sam Okafor" }).assigneeId).toBeNull();
  });

  it("is nobody without an id or a name, and refuses a contact note alone", () => {
    expect(resolveAssignee([], {})).toEqual(nobody);
    expect(refusal(() => resolveAssignee([], { assigneeContact: "jo@example.com" })).extra.fieldErrors).toHaveProperty(
      "assigneeContact",
    );
  });
});

describe("updatedAssignee", () => {
  it("changes nothing when the update says nothing about the assignee", () => {
    expect(updatedAssignee(members, member, {})).toEqual({});
  });

  it("replaces the assignee by id, or clears it", () => {
    expect(updatedAssignee(members, outsider, { assigneeId: maria.id })).toEqual({
      assigneeId: maria.id,
      assigneeName: maria.name,
      assigneeContact: null,
    });
    expect(updatedAssignee(members, member, { assigneeId: null })).toEqual(nobody);
  });

  it("keeps an outside person's note when only their name's spelling changes", () => {
    expect(updatedAssignee(members, outsider, { assigneeName: "JO FROM CATERING" })).toEqual({
      ...outsider,
      assigneeName: "JO FROM CATERING",
    });
  });

  it("drops the note when the name is someone else's", () => {
    expect(updatedAssignee(members, outsider, { assigneeName: "Lee" })).toEqual({
      assigneeId: null,
      assigneeName: "Lee",
      assigneeContact: null,
    });
  });

  it("changes only an outside person's note, and refuses a note for a member or nobody", () => {
    expect(updatedAssignee(members, outsider, { assigneeContact: "555-0100" })).toEqual({
      assigneeContact: "555-0100",
    });
    expect(updatedAssignee(members, member, { assigneeContact: null })).toEqual({ assigneeContact: null });
    expect(refusal(() => updatedAssignee(members, member, { assigneeContact: "555-0100" })).code).toBe("invalid");
    expect(refusal(() => updatedAssignee(members, nobody, { assigneeContact: "555-0100" })).code).toBe("invalid");
  });
});

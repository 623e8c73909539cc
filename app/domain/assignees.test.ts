import { describe, expect, it } from "vitest";
import { AppError } from "./errors";
import {
  matchOwner,
  mayBeTypedFor,
  needsMembers,
  ownerKey,
  resolveAssignee,
  toAssignableMembers,
  updatedAssignee,
  type AssignableMember,
  type AssigneeFields,
} from "./assignees";

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
    expect(toAssignableMembers([{ userId: "u1", name: "Dana" }])).toEqual([
      { id: "u1", name: "Dana", email: null, slackHandle: null, slackName: null },
    ]);
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
    expect(resolveAssignee(members, { assigneeName: "Lee" })).toEqual({
      assigneeId: null,
      assigneeName: "Lee",
      assigneeContact: null,
    });
  });

  it("reads a first name as the one member who has it", () => {
    expect(resolveAssignee(members, { assigneeName: "maria" })).toEqual({
      assigneeId: maria.id,
      assigneeName: maria.name,
      assigneeContact: null,
    });
  });

  it("refuses a name two members share, asking which on the assignee field", () => {
    const twins = [sam, { id: "u-sam2", name: "SAM OKAFOR" }];
    const error = refusal(() => resolveAssignee(twins, { assigneeName: "Sam Okafor" }));
    expect(error.code).toBe("invalid");
    expect(error.extra.fieldErrors).toEqual({ assigneeName: ["Which Sam Okafor? Sam Okafor or SAM OKAFOR"] });
  });

  it("reads me as the author", () => {
    expect(resolveAssignee(members, { assigneeName: "me" }, maria.id).assigneeId).toBe(maria.id);
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

describe("matchOwner", () => {
  const samPatel: AssignableMember = {
    id: "u-patel",
    name: "Sam Patel",
    email: "sam.patel@example.com",
    slackHandle: "spatel",
  };
  const samLee: AssignableMember = { id: "u-lee", name: "Sam Lee", email: "slee@example.com", slackName: "Sammy" };
  const lena: AssignableMember = { id: "u-lena", name: "Léna Müller", email: "lena@example.com" };
  const mariaLopez: AssignableMember = { id: "u-maria", name: "Maria Lopez", email: "mlopez@example.com" };
  const team = [samPatel, samLee, lena, mariaLopez];
  const memberOf = (typed: string, authorId?: string) => {
    const match = matchOwner(team, typed, authorId);
    return match.kind === "member" ? match.member.id : match.kind;
  };

  it.each([
    ["full name", "Sam Patel", samPatel.id],
    ["full name in any case and spacing", "  sam   PATEL ", samPatel.id],
    ["first name", "Maria", mariaLopez.id],
    ["first name with a leading @", "@maria", mariaLopez.id],
    ["email local part", "mlopez", mariaLopez.id],
    ["email local part with dots", "@sam.patel", samPatel.id],
    ["Slack handle", "@spatel", samPatel.id],
    ["Slack display name", "sammy", samLee.id],
    ["accents ignored (typed without)", "lena", lena.id],
    ["accents ignored (typed with)", "Lena MULLER", lena.id],
    ["accents ignored (typed where the member has none)", "Marìa", mariaLopez.id],
  ])("matches by %s", (_, typed, expected) => {
    expect(memberOf(typed)).toBe(expected);
  });

  it("is ambiguous when a first name is several members', with the question to ask", () => {
    expect(matchOwner(team, "@sam")).toEqual({
      kind: "ambiguous",
      candidates: [samPatel, samLee],
      question: "Which Sam? Sam Patel or Sam Lee",
    });
  });

  it("lets the strongest kind of match decide (a handle over a shared first name)", () => {
    const samHandle = { ...samPatel, slackHandle: "sam" };
    expect(matchOwner([samHandle, samLee], "@sam")).toMatchObject({ kind: "member", member: samHandle });
  });

  it.each(["me", "Me", "I", "myself", "@me"])("reads %s as the author", (typed) => {
    expect(memberOf(typed, lena.id)).toBe(lena.id);
  });

  it("reads the author's own name as the author, even where it is ambiguous for others", () => {
    expect(memberOf("@lena", lena.id)).toBe(lena.id);
    expect(memberOf("Sam", samLee.id)).toBe(samLee.id);
    expect(memberOf("Sam", mariaLopez.id)).toBe("ambiguous");
  });

  it("keeps me, I and myself as typed without an author", () => {
    expect(matchOwner(team, "me")).toEqual({ kind: "outside", name: "me" });
  });

  it("keeps anyone else, or nothing, as an outside person by the name as typed", () => {
    expect(matchOwner(team, "PowerCo Generators")).toEqual({ kind: "outside", name: "PowerCo Generators" });
    expect(matchOwner(team, "Mar")).toEqual({ kind: "outside", name: "Mar" });
    expect(matchOwner(team, "@")).toEqual({ kind: "outside", name: "@" });
    expect(matchOwner([], "Sam")).toEqual({ kind: "outside", name: "Sam" });
  });

  it("lists at most five names in the question", () => {
    const many = Array.from({ length: 8 }, (_, i) => ({ id: `u${i}`, name: `Alex ${String.fromCharCode(65 + i)}` }));
    const match = matchOwner(many, "alex");
    expect(match.kind === "ambiguous" && match.question).toBe("Which Alex? Alex A, Alex B, Alex C, Alex D or Alex E");
  });

  it("normalises keys", () => {
    expect(ownerKey(" @Zoë  Ångström ")).toBe("zoe angstrom");
  });
});

describe("mayBeTypedFor", () => {
  const samPatel = { id: "u-patel", name: "Sam Patel" };
  const samLee = { id: "u-lee", name: "Sam Lee" };
  it.each([
    ["Sam Patel", samPatel.id, true],
    ["sam", samPatel.id, true],
    ["sam", samLee.id, true],
    ["Sam Lee", samPatel.id, false],
    ["Jo from Catering", samPatel.id, false],
  ])("%s may be %s's: %s", (name, id, expected) => {
    expect(mayBeTypedFor([samPatel, samLee], id, name)).toBe(expected);
  });
});

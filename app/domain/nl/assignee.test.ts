import { describe, expect, it } from "vitest";
import { parseOne } from "./test-helpers";

describe("assignee", () => {
  it.each([
    // @handles
    ["Book the hotel block @maria", "maria", "Book the hotel block"],
    ["@maria book the hotel block", "maria", "Book the hotel block"],
    ["Book the hotel block @maria.lopez.", "maria.lopez", "Book the hotel block"],
    ["Book the hotel block @dev_ops-2", "dev_ops-2", "Book the hotel block"],
    ["Book the hotel block for @maria", "maria", "Book the hotel block"],
    ["Book the hotel block @maria @sam", "maria", "Book the hotel block"],
    ["Ping @sam about the hotel block", "sam", "Ping @sam about the hotel block"],
    ["Send the deck to @dev for review", "dev", "Send the deck to @dev for review"],
    // markers
    ["Book the hotel block, assign to Sam", "Sam", "Book the hotel block"],
    ["Book the hotel block, assign to Sam Lee", "Sam Lee", "Book the hotel block"],
    ["Book the hotel block assigned to Sam Lee by Friday", "Sam Lee", "Book the hotel block"],
    ["Book the hotel block, assign to Sam Friday", "Sam", "Book the hotel block"],
    ["Book the hotel block - assigned to maria", "maria", "Book the hotel block"],
    ["Book the hotel block, owner: Dev", "Dev", "Book the hotel block"],
    ["Book the hotel block (owner: Dev)", "Dev", "Book the hotel block"],
    ["Book the hotel block owner Dev", "Dev", "Book the hotel block"],
    ["Owner: Dev - book the hotel block", "Dev", "Book the hotel block"],
    ["Book the hotel block, owned by Priya", "Priya", "Book the hotel block"],
    ["Book the hotel block, assignee: O'Brien", "O'Brien", "Book the hotel block"],
    ["Book the hotel block, owner: @kai", "kai", "Book the hotel block"],
    ["Book the hotel block, delegate to Ana", "Ana", "Book the hotel block"],
    ["Book the hotel block, POC: Ana", "Ana", "Book the hotel block"],
    ["Book the hotel block, assign to May", "May", "Book the hotel block"],
    ["Book the hotel block, assign to me", "me", "Book the hotel block"],
    ["Book the hotel block, owner: myself", "me", "Book the hotel block"],
    ["Book the hotel block, owner: TBD", null, "Book the hotel block"],
    // producer shorthand
    ["Maria to book the hotel block", "Maria", "Book the hotel block"],
    ["Sam Lee will book the hotel block", "Sam Lee", "Book the hotel block"],
    ["Book the hotel block (Maria)", "Maria", "Book the hotel block"],
    ["Book the hotel block - Maria", "Maria", "Book the hotel block"],
    ["Book the hotel block → Maria", "Maria", "Book the hotel block"],
    ["Book the hotel block by Friday, Kim", "Kim", "Book the hotel block"],
    ["Book the hotel block — Priya to handle it", "Priya", "Book the hotel block"],
    ["Book the hotel block (Priya on it)", "Priya", "Book the hotel block"],
    ["Book the hotel block - Sarah to lead", "Sarah", "Book the hotel block"],
    ["Kate: book the hotel block", "Kate", "Book the hotel block"],
    ["Jamie needs to book the hotel block", "Jamie", "Book the hotel block"],
    ["Book the hotel block - Dev - tomorrow", "Dev", "Book the hotel block"],
    ["Book the hotel block. Assigned to: Rachel", "Rachel", "Book the hotel block"],
    ["Book the hotel block, assigned: Maria", "Maria", "Book the hotel block"],
    // nobody
    ["Book the hotel block", null, "Book the hotel block"],
  ])("%s → %s", (text, assigneeName, title) => {
    expect(parseOne(text)).toMatchObject({ assigneeName, title });
  });

  it("prefers an explicit marker to an @handle", () => {
    expect(parseOne("Loop in @sam; owner: Dev").assigneeName).toBe("Dev");
  });

  it("never reads a cc as the owner", () => {
    expect(parseOne("Book the hotel block cc @sam").assigneeName).toBeNull();
  });

  it("ignores e-mail addresses and times written with @", () => {
    expect(parseOne("Send the rider to bookings@venue.com").assigneeName).toBeNull();
    expect(parseOne("Crew call @ 7am")).toMatchObject({ assigneeName: null, dueDate: "2025-03-11T07:00" });
  });

  it("does not take things and parties for people", () => {
    for (const text of [
      "Doors to open at 7pm",
      "Client to approve the stage design",
      "Caterer to confirm numbers",
      "Need to book the hotel block",
      "Book the hotel block - Main Stage",
      "Book the hotel block (Hall B)",
      "Book the hotel block - Friday",
      "Ask Dev to send the rider",
      'Email "Maria to confirm" template',
      "Question: who has the keys?",
      "Venue: send the floor plan",
    ]) {
      expect(parseOne(text).assigneeName, text).toBeNull();
    }
  });
});

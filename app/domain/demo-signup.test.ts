import { parse } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { demoSignupErrors, INVALID_EMAIL, NAME_TOO_LONG, NAME_TOO_SHORT } from "./demo-signup";
import { demoSignupSchema } from "./schemas";

type Entries = Array<[string, string]>;

function formOf(entries: Entries) {
  const form = new FormData();
  form.set("intent", "signup");
  for (const [name, value] of entries) form.append(name, value);
  return form;
}

/** What the browser's check and the action's schema say of one form: pass, or the messages per field. */
function bothChecks(entries: Entries) {
  const bySchema = parseWithZod(formOf(entries), { schema: demoSignupSchema });
  const byHand = parse(formOf(entries), {
    resolve: (payload) => {
      const error = demoSignupErrors(payload);
      return error ? { error } : { value: payload };
    },
  });
  const outcome = (s: typeof bySchema | typeof byHand) => (s.status === "success" ? "passes" : s.error);
  return { schema: outcome(bySchema), hand: outcome(byHand) };
}

/** A seeded generator, so a failure names inputs that come back on the next run. */
function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const NAMES = [
  "",
  " ",
  "A",
  " A ",
  "Al",
  "  Al  ",
  "Alex Rivera",
  "Ørjan Østby",
  "李",
  "李雷",
  "a".repeat(100),
  ` ${"a".repeat(100)} `,
  "a".repeat(101),
  "\tAl\n",
];
const EMAILS = [
  "",
  " ",
  "alex@festivalcrew.com",
  " alex@festivalcrew.com ",
  "not-an-email",
  "alex@",
  "@festivalcrew.com",
  "alex@festivalcrew",
  "alex@festivalcrew.c",
  "alex@festival-crew.co.uk",
  "alex@-festival.com",
  ".alex@festivalcrew.com",
  "alex.@festivalcrew.com",
  "al..ex@festivalcrew.com",
  "al.ex@festivalcrew.com",
  "o'brien+tag@festivalcrew.com",
  "alex'@festivalcrew.com",
  "alex@festivalcrew..com",
  "alex@festivalcrew.com.",
  "alex@fest_ivalcrew.com",
  "ALEX@FESTIVALCREW.COM",
  "alex rivera@festivalcrew.com",
  "alex@festivalcrew.123",
  "ålex@festivalcrew.com",
  `${"a".repeat(240)}@festivalcrew.com`,
  `${"a".repeat(243)}@example.com`,
  `${"a".repeat(300)}@@`,
];

describe("the demo signup check without zod", () => {
  it("says what the action's schema says for every name and email on the list", () => {
    for (const name of NAMES)
      for (const email of EMAILS) {
        const { schema, hand } = bothChecks([
          ["name", name],
          ["email", email],
        ]);
        expect(hand, `name ${JSON.stringify(name)}, email ${JSON.stringify(email)}`).toEqual(schema);
      }
  });

  it("says what the schema says for thousands of generated forms", () => {
    const random = generator(15);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
    const word = (alphabet: string, max: number) =>
      Array.from({ length: Math.floor(random() * max) }, () => pick([...alphabet])).join("");
    const LOCAL = "ab.Z09_'+-. @é";
    const DOMAIN = "ab-Z09._ é";
    for (let n = 0; n < 5_000; n++) {
      const email =
        random() < 0.15
          ? word(LOCAL + DOMAIN + "@", 30)
          : `${word(LOCAL, 12)}@${word(DOMAIN, 10)}.${word("abcZ1-", 4)}`;
      const entries: Entries = [
        ["name", word("ab Z\t.é", random() < 0.05 ? 120 : 6)],
        ["email", random() < 0.03 ? `${"x".repeat(250)}${email}` : email],
      ];
      if (random() < 0.5) entries.push(["marketingOptIn", "on"]);
      if (random() < 0.5) entries.push(["timezone", pick(["Europe/London", "", "Not/AZone", "x".repeat(70)])]);
      const { schema, hand } = bothChecks(entries);
      expect(hand, JSON.stringify(entries)).toEqual(schema);
    }
  });

  it("says what the schema says for a missing field, a repeated one and an odd checkbox value", () => {
    const forms: Entries[] = [
      [],
      [["email", "alex@festivalcrew.com"]],
      [["name", "Alex Rivera"]],
      [
        ["name", "Alex"],
        ["name", "Rivera"],
        ["email", "alex@festivalcrew.com"],
      ],
      [
        ["name", "Alex Rivera"],
        ["email", "alex@festivalcrew.com"],
        ["email", "alex@festivalcrew.com"],
      ],
      [
        ["name", "Alex Rivera"],
        ["email", "alex@festivalcrew.com"],
        ["marketingOptIn", "yes"],
      ],
      [
        ["name", "Alex Rivera"],
        ["email", "alex@festivalcrew.com"],
        ["marketingOptIn", ""],
      ],
    ];
    for (const entries of forms) {
      const { schema, hand } = bothChecks(entries);
      expect(hand, JSON.stringify(entries)).toEqual(schema);
    }
  });

  it("gives the messages the form shows", () => {
    expect(demoSignupErrors({ name: "A", email: "not-an-email" })).toEqual({
      name: [NAME_TOO_SHORT],
      email: [INVALID_EMAIL],
    });
    expect(demoSignupErrors({ name: "a".repeat(101), email: "alex@festivalcrew.com" })).toEqual({
      name: [NAME_TOO_LONG],
    });
    expect(demoSignupErrors({ name: "Alex Rivera", email: "alex@festivalcrew.com", marketingOptIn: "on" })).toBeNull();
  });
});

import { getZodConstraint } from "@conform-to/zod";
import { expect, it } from "vitest";
import { demoSignupSchema } from "~/domain/schemas";
import { DEMO_SIGNUP_CONSTRAINT } from "./demo-signup-constraint";

it("the demo signup fields carry the attributes the action's schema gives them", () => {
  expect(DEMO_SIGNUP_CONSTRAINT).toEqual(getZodConstraint(demoSignupSchema));
});

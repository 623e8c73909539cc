import { describe, expect, it } from "vitest";
import { call, signUp } from "./helpers";

describe("smoke", () => {
  it("signs up and reads the user", async () => {
    const { token } = await signUp();
    const res = await call("/api/auth/user", { token });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ name: "Maria Lopez", authType: "demo", tier: "beta" });
  });
});

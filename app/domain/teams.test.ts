import { describe, expect, it } from "vitest";
import { AppError } from "./errors";
import {
  assertFreeSeat,
  assertOwner,
  hasFreeSeat,
  inviteCreateSchema,
  inviteExpiry,
  inviteState,
  memberRemoveSchema,
  removalRefusal,
  roleChangeRefusal,
  teamFullMessage,
  teamSeats,
  upgradeFor,
} from "./teams";
import { teamMemberLimit, workspacePlanTier } from "./tiers";

const now = new Date("2026-06-10T12:00:00Z");
const live = { expiresAt: "2026-06-11T12:00:00.000Z", revokedAt: null, uses: 0, maxUses: 1 };

describe("inviteState", () => {
  it("is active before expiry, with uses left and not revoked", () => {
    expect(inviteState(live, now)).toBe("active");
    expect(inviteState({ ...live, uses: 4, maxUses: 5 }, now)).toBe("active");
  });

  it("expires at the expiry instant, not a millisecond later", () => {
    expect(inviteState({ ...live, expiresAt: now.toISOString() }, now)).toBe("expired");
    expect(inviteState({ ...live, expiresAt: new Date(now.getTime() + 1).toISOString() }, now)).toBe("active");
  });

  it("is used up once uses reach max uses", () => {
    expect(inviteState({ ...live, uses: 1 }, now)).toBe("used_up");
    expect(inviteState({ ...live, uses: 3, maxUses: 3 }, now)).toBe("used_up");
  });

  it("reports revoked first, then used up, then expired", () => {
    const everything = {
      expiresAt: "2026-01-01T00:00:00.000Z",
      revokedAt: "2026-06-01T00:00:00.000Z",
      uses: 1,
      maxUses: 1,
    };
    expect(inviteState(everything, now)).toBe("revoked");
    expect(inviteState({ ...everything, revokedAt: null }, now)).toBe("used_up");
    expect(inviteState({ ...everything, revokedAt: null, uses: 0 }, now)).toBe("expired");
  });

  it("expiry is days after creation", () => {
    expect(inviteExpiry(now, 7)).toBe("2026-06-17T12:00:00.000Z");
  });
});

describe("team limits", () => {
  it("follow the plans: free 1, basic 5, premium and beta unlimited", () => {
    expect(teamMemberLimit("free")).toBe(1);
    expect(teamMemberLimit("basic")).toBe(5);
    expect(teamMemberLimit("premium")).toBeNull();
    expect(teamMemberLimit("beta")).toBeNull();
  });

  it("have a free seat below the limit only", () => {
    expect(hasFreeSeat(teamSeats("free", 1))).toBe(false);
    expect(hasFreeSeat(teamSeats("basic", 4))).toBe(true);
    expect(hasFreeSeat(teamSeats("basic", 5))).toBe(false);
    expect(hasFreeSeat(teamSeats("basic", 6))).toBe(false);
    expect(hasFreeSeat(teamSeats("premium", 500))).toBe(true);
  });

  it("take the best plan among the owners", () => {
    expect(workspacePlanTier([])).toBe("free");
    expect(workspacePlanTier(["free", "basic"])).toBe("basic");
    expect(workspacePlanTier(["basic", "beta", "free"])).toBe("beta");
  });

  it("explain the upgrade that makes room", () => {
    expect(teamFullMessage({ tier: "free", limit: 1 })).toMatch(/needs the Basic plan \(\$19\.99\/month, 5 members\)/);
    expect(teamFullMessage({ tier: "basic", limit: 5 })).toMatch(/room for 5 members.*Premium/);
    expect(upgradeFor("free")).toBe("basic");
    expect(upgradeFor("basic")).toBe("premium");
    expect(upgradeFor("beta")).toBeNull();
  });

  it("refuse a full team with 403 naming the next plan", () => {
    const error = (() => {
      try {
        assertFreeSeat(teamSeats("basic", 5));
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: "forbidden", extra: { upgradeTo: "premium" } });
    expect(() => assertFreeSeat(teamSeats("basic", 4))).not.toThrow();
  });
});

describe("roles", () => {
  it("only owners pass the owner check", () => {
    expect(() => assertOwner("owner", "invite people")).not.toThrow();
    expect(() => assertOwner("member", "invite people")).toThrow(/Only a workspace owner can invite people/);
  });

  it("never leave a workspace without an owner", () => {
    expect(roleChangeRefusal({ targetRole: "owner", newRole: "member", ownerCount: 1 })).toMatch(/at least one owner/);
    expect(roleChangeRefusal({ targetRole: "owner", newRole: "member", ownerCount: 2 })).toBeNull();
    expect(roleChangeRefusal({ targetRole: "member", newRole: "owner", ownerCount: 1 })).toBeNull();
    expect(removalRefusal({ targetRole: "owner", ownerCount: 1 })).toMatch(/last owner/);
    expect(removalRefusal({ targetRole: "owner", ownerCount: 2 })).toBeNull();
    expect(removalRefusal({ targetRole: "member", ownerCount: 1 })).toBeNull();
  });
});

describe("schemas", () => {
  it("default an invitation to one use for seven days and bound both", () => {
    expect(inviteCreateSchema.parse({})).toEqual({ maxUses: 1, expiresInDays: 7 });
    expect(inviteCreateSchema.safeParse({ maxUses: 101 }).success).toBe(false);
    expect(inviteCreateSchema.safeParse({ expiresInDays: 0 }).success).toBe(false);
  });

  it("read a blank reassignment as unassigned", () => {
    expect(memberRemoveSchema.parse({})).toEqual({ reassignTo: null });
    expect(memberRemoveSchema.parse({ reassignTo: "" })).toEqual({ reassignTo: null });
    expect(memberRemoveSchema.parse({ reassignTo: null })).toEqual({ reassignTo: null });
    expect(memberRemoveSchema.parse({ reassignTo: "u1" })).toEqual({ reassignTo: "u1" });
    expect(memberRemoveSchema.safeParse({ reassignTo: 5 }).success).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { profileFrom, readOidcConfig } from "./oidc";

describe("readOidcConfig", () => {
  it("needs all three settings", () => {
    expect(readOidcConfig({})).toBeNull();
    expect(readOidcConfig({ OIDC_ISSUER: "https://id.example", OIDC_CLIENT_ID: "app" })).toBeNull();
    expect(readOidcConfig({ OIDC_ISSUER: " ", OIDC_CLIENT_ID: "app", OIDC_CLIENT_SECRET: "s" })).toBeNull();
  });

  it("trims them and drops a trailing slash from the issuer", () => {
    expect(
      readOidcConfig({ OIDC_ISSUER: "https://id.example/ ", OIDC_CLIENT_ID: " app", OIDC_CLIENT_SECRET: "s" }),
    ).toEqual({
      issuer: "https://id.example",
      clientId: "app",
      clientSecret: "s",
    });
  });
});

describe("profileFrom", () => {
  const issuer = "https://id.example";

  it("takes name and email, case-folding the email", () => {
    expect(
      profileFrom(issuer, "u1", { name: "Maria Lopez", email: "Maria@Example.com", email_verified: true }),
    ).toEqual({
      issuer,
      subject: "u1",
      name: "Maria Lopez",
      email: "maria@example.com",
      emailVerified: true,
    });
  });

  it("counts an email as verified only when the provider says so with email_verified: true", () => {
    expect(profileFrom(issuer, "u1", { email: "a@example.com", email_verified: true }).emailVerified).toBe(true);
    for (const claim of [false, "true", 1, null]) {
      expect(profileFrom(issuer, "u1", { email: "a@example.com", email_verified: claim }).emailVerified).toBe(false);
    }
    expect(profileFrom(issuer, "u1", { email: "a@example.com" }).emailVerified).toBe(false);
    expect(profileFrom(issuer, "u1", { email_verified: true }).emailVerified).toBe(false);
  });

  it("falls back to given and family names, the username, the email's local part, then 'Producer'", () => {
    expect(profileFrom(issuer, "u", { given_name: "Sam", family_name: "Okafor" }).name).toBe("Sam Okafor");
    expect(profileFrom(issuer, "u", { preferred_username: "samo" }).name).toBe("samo");
    expect(profileFrom(issuer, "u", { email: "sam.o@example.com" }).name).toBe("sam.o");
    expect(profileFrom(issuer, "u", { name: "  " }).name).toBe("Producer");
  });

  it("caps long names and ignores claims of the wrong type", () => {
    expect(profileFrom(issuer, "u", { name: "x".repeat(300) }).name).toHaveLength(100);
    expect(profileFrom(issuer, "u", { name: 42, email: ["a@example.com"] })).toMatchObject({
      name: "Producer",
      email: "",
    });
  });
});

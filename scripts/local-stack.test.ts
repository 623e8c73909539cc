import { describe, expect, it } from "vitest";
import {
  adminLine,
  buildFailureSummary,
  createOutputFilter,
  devVarsFiles,
  isSourceChange,
  LOCAL_ADMIN_EMAIL,
  parseArgs,
  parseDevVars,
  portsFrom,
  signInSettings,
  wranglerDevArgs,
} from "./local-stack.mjs";

describe("parseArgs", () => {
  it("reads the mode and the test options", () => {
    expect(parseArgs(["start"])).toEqual({ mode: "start", build: true, persistTo: null, envFiles: [] });
    expect(parseArgs(["dev", "--no-build", "--persist-to", "s", "--env-file", "a", "--env-file", "b"])).toEqual({
      mode: "dev",
      build: false,
      persistTo: "s",
      envFiles: ["a", "b"],
    });
  });

  it("refuses another mode, an unknown option or a missing value", () => {
    expect(() => parseArgs([])).toThrow(/usage/);
    expect(() => parseArgs(["serve"])).toThrow(/usage/);
    expect(() => parseArgs(["start", "--watch"])).toThrow("unknown option --watch");
    expect(() => parseArgs(["start", "--persist-to"])).toThrow("--persist-to needs a value");
    expect(() => parseArgs(["start", "--env-file", "--no-build"])).toThrow("--env-file needs a value");
  });
});

describe("portsFrom", () => {
  it("defaults to 8787 and the provider on the next port", () => {
    expect(portsFrom({})).toEqual({ port: 8787, idpPort: 8788 });
    expect(portsFrom({ PORT: "8790" })).toEqual({ port: 8790, idpPort: 8791 });
    expect(portsFrom({ PORT: " ", LOCAL_IDP_PORT: "9000" })).toEqual({ port: 8787, idpPort: 9000 });
  });

  it("says which setting is not a port", () => {
    expect(() => portsFrom({ PORT: "abc" })).toThrow('PORT must be a port number (1-65535), not "abc"');
    expect(() => portsFrom({ PORT: "70000" })).toThrow(/PORT must be a port number/);
    expect(() => portsFrom({ LOCAL_IDP_PORT: "0" })).toThrow(/LOCAL_IDP_PORT must be a port number/);
    expect(() => portsFrom({ PORT: "9000", LOCAL_IDP_PORT: "9000" })).toThrow("LOCAL_IDP_PORT must differ from PORT");
  });
});

describe("parseDevVars", () => {
  it("reads names and values, skipping comments and blank lines", () => {
    const text = [
      "# Copy to .dev.vars",
      "SECRETS_KEY=abc==",
      "",
      "# OIDC_ISSUER=https://id.example.com",
      "export ADMIN_EMAILS = a@example.com,b@example.com ",
      'OIDC_CLIENT_ID="quoted # not a comment"',
      "OIDC_CLIENT_SECRET='single'",
      "SLACK_API_URL=http://127.0.0.1:9/api/ # a comment",
      "EMPTY=",
      "not a line",
    ].join("\r\n");
    expect(parseDevVars(text)).toEqual({
      SECRETS_KEY: "abc==",
      ADMIN_EMAILS: "a@example.com,b@example.com",
      OIDC_CLIENT_ID: "quoted # not a comment",
      OIDC_CLIENT_SECRET: "single",
      SLACK_API_URL: "http://127.0.0.1:9/api/",
      EMPTY: "",
    });
  });
});

describe("devVarsFiles", () => {
  const only =
    (...names: string[]) =>
    (path: string) =>
      names.some((name) => path.endsWith(`/${name}`));

  it("prefers the --env-file files, then .dev.vars, then .env, as wrangler does", () => {
    expect(devVarsFiles("/repo", ["/tmp/test.env"], only(".dev.vars"))).toEqual(["/tmp/test.env"]);
    expect(devVarsFiles("/repo", [], only(".dev.vars", ".env"))).toEqual(["/repo/.dev.vars"]);
    expect(devVarsFiles("/repo", [], only(".env"))).toEqual(["/repo/.env"]);
    expect(devVarsFiles("/repo", [], only())).toEqual([]);
  });
});

describe("signInSettings", () => {
  it("runs the local provider with its admin when nothing is configured", () => {
    expect(signInSettings({}, { SECRETS_KEY: "k" })).toEqual({
      localProvider: true,
      missing: [],
      admins: LOCAL_ADMIN_EMAIL,
      vars: { ADMIN_EMAILS: LOCAL_ADMIN_EMAIL },
    });
  });

  it("keeps a configured ADMIN_EMAILS with the local provider: the environment's as a --var, the file's as is", () => {
    expect(signInSettings({ ADMIN_EMAILS: "me@example.com" }, {})).toEqual({
      localProvider: true,
      missing: [],
      admins: "me@example.com",
      vars: { ADMIN_EMAILS: "me@example.com" },
    });
    expect(signInSettings({}, { ADMIN_EMAILS: "ops@example.com" })).toMatchObject({
      localProvider: true,
      admins: "ops@example.com",
      vars: {},
    });
  });

  it("switches the local provider off for real settings in .dev.vars, without a default admin", () => {
    const file = { OIDC_ISSUER: "https://id.example.com", OIDC_CLIENT_ID: "c", OIDC_CLIENT_SECRET: "s" };
    expect(signInSettings({}, file)).toEqual({ localProvider: false, missing: [], admins: "", vars: {} });
  });

  it("passes real settings from the environment to the Worker (wrangler does not), over the file's", () => {
    const env = { OIDC_ISSUER: " https://id.example.com ", OIDC_CLIENT_ID: "c", OIDC_CLIENT_SECRET: "s", PATH: "/bin" };
    expect(signInSettings(env, { OIDC_ISSUER: "https://old.example.com", ADMIN_EMAILS: "a@example.com" })).toEqual({
      localProvider: false,
      missing: [],
      admins: "a@example.com",
      vars: { OIDC_ISSUER: "https://id.example.com", OIDC_CLIENT_ID: "c", OIDC_CLIENT_SECRET: "s" },
    });
  });

  it("names what a partial configuration lacks; blank values count as missing", () => {
    expect(
      signInSettings({ OIDC_ISSUER: "https://id.example.com" }, { OIDC_CLIENT_ID: "c", OIDC_CLIENT_SECRET: " " }),
    ).toEqual({
      localProvider: false,
      missing: ["OIDC_CLIENT_SECRET"],
      admins: "",
      vars: { OIDC_ISSUER: "https://id.example.com" },
    });
    expect(signInSettings({ OIDC_ISSUER: "" }, { OIDC_CLIENT_ID: "" })).toMatchObject({ localProvider: true });
  });
});

describe("wranglerDevArgs", () => {
  it("serves on the port with cron testing; dev reloads pages; test options and variables follow", () => {
    expect(wranglerDevArgs({ mode: "start", port: 8790, persistTo: null, envFiles: [], vars: {} })).toEqual([
      "dev",
      "--port",
      "8790",
      "--test-scheduled",
      "--show-interactive-dev-session=false",
    ]);
    const args = wranglerDevArgs({
      mode: "dev",
      port: 1,
      persistTo: "state",
      envFiles: ["test.env"],
      vars: { OIDC_ISSUER: "http://127.0.0.1:2", ADMIN_EMAILS: "a@example.com,b@example.com" },
    });
    expect(args.slice(5)).toEqual([
      "--live-reload",
      "--persist-to",
      "state",
      "--env-file",
      "test.env",
      "--var",
      "OIDC_ISSUER:http://127.0.0.1:2",
      "--var",
      "ADMIN_EMAILS:a@example.com,b@example.com",
    ]);
  });
});

describe("isSourceChange", () => {
  it("rebuilds for sources and assets, not for tests or editors' scratch files", () => {
    expect(isSourceChange("app/routes/tasks.tsx")).toBe(true);
    expect(isSourceChange("public/favicon.svg")).toBe(true);
    expect(isSourceChange("app/domain/dates.test.ts")).toBe(false);
    expect(isSourceChange("app/routes/.tasks.tsx.swp")).toBe(false);
    expect(isSourceChange("app/routes/tasks.tsx~")).toBe(false);
    expect(isSourceChange("app/routes/4913.tmp")).toBe(false);
  });
});

describe("createOutputFilter", () => {
  it("drops esbuild's ignored-bare-import warning blocks and keeps everything else", () => {
    const esc = "\x1b";
    const output = [
      "⎔ Starting local server...",
      `${esc}[33m▲ ${esc}[43;33m[${esc}[43;30mWARNING${esc}[43;33m]${esc}[0m Ignoring this import [ignored-bare-import]`,
      "",
      "    build/server/assets/a.js:4:7:",
      `${esc}[37m      4 │ import "lucide-react";`,
      "",
      '  "sideEffects" is false in the enclosing "package.json" file:',
      "",
      "▲ [WARNING] Ignoring this import too [ignored-bare-import]",
      "    build/server/assets/b.js:1:1:",
      "",
      "▲ [WARNING] Something else",
      "    keep me",
      "",
      "[wrangler:info] Ready on http://localhost:8787",
    ];
    const keep = createOutputFilter();
    expect(output.filter(keep)).toEqual([
      "⎔ Starting local server...",
      "▲ [WARNING] Something else",
      "    keep me",
      "",
      "[wrangler:info] Ready on http://localhost:8787",
    ]);
  });
});

describe("buildFailureSummary", () => {
  it("keeps the build's account of the error and drops the stack and the dumped error object", () => {
    const output = [
      "vite v6.4.6 building for production...",
      "✗ Build failed in 5.71s",
      '/work/app/components/card.tsx:158:22: ERROR: Unexpected ";"',
      "158|  export const broken = ;",
      "    at failureErrorWithLog (/work/node_modules/esbuild/lib/main.js:1467:15)",
      "  errors: [Getter/Setter],",
    ].join("\n");
    expect(buildFailureSummary(output)).toBe(
      'vite v6.4.6 building for production...\n✗ Build failed in 5.71s\n/work/app/components/card.tsx:158:22: ERROR: Unexpected ";"\n158|  export const broken = ;',
    );
    expect(buildFailureSummary("one\ntwo\n")).toBe("one\ntwo");
    expect(buildFailureSummary(Array.from({ length: 50 }, (_, i) => `line ${i}`).join("\n")).split("\n")).toHaveLength(
      40,
    );
  });
});

describe("adminLine", () => {
  const url = "http://localhost:8787";
  it("prints the local provider's admin, whom the person signs in as", () => {
    expect(adminLine(LOCAL_ADMIN_EMAIL, url)).toBe(`  Admin:    ${LOCAL_ADMIN_EMAIL} (opens ${url}/admin)`);
  });

  it("never prints configured addresses, only how many", () => {
    const line = adminLine("maria.lopez@harbour.example, sam@harbour.example", url);
    expect(line).toBe(`  Admin:    the 2 addresses in ADMIN_EMAILS (opens ${url}/admin)`);
    expect(line).not.toContain("@");
    expect(adminLine("maria.lopez@harbour.example", url)).toContain("the address in ADMIN_EMAILS");
    expect(adminLine("", url)).toBe("  Admin:    nobody (set ADMIN_EMAILS)");
  });
});

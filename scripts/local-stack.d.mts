export const OIDC_NAMES: readonly ["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"];
export const LOCAL_ADMIN_EMAIL: string;
export const LOCAL_CLIENT_ID: string;
export const READY_LINE: string;

export interface StackOptions {
  mode: "start" | "dev";
  build: boolean;
  persistTo: string | null;
  envFiles: string[];
}
export function parseArgs(argv: string[]): StackOptions;

type Env = Record<string, string | undefined>;
export function portsFrom(env: Env): { port: number; idpPort: number };
export function parseDevVars(text: string): Record<string, string>;
export function devVarsFiles(root: string, envFiles: string[], exists?: (path: string) => boolean): string[];

export interface SignInSettings {
  localProvider: boolean;
  /** The OIDC_* names a partial configuration lacks. */
  missing: string[];
  /** ADMIN_EMAILS as it will be ("" when nobody). */
  admins: string;
  /** `--var`s for wrangler dev. */
  vars: Record<string, string>;
}
export function signInSettings(env: Env, fileVars: Record<string, string>): SignInSettings;
export function adminLine(admins: string, url: string): string;

export function wranglerDevArgs(options: {
  mode: "start" | "dev";
  port: number;
  persistTo: string | null;
  envFiles: string[];
  vars: Record<string, string>;
}): string[];
export function isSourceChange(path: string): boolean;
export function createOutputFilter(): (line: string) => boolean;
export function buildFailureSummary(output: string): string;

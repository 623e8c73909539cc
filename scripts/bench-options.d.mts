export const DEFAULT_SIZES: number[];
export const MAX_WORKSPACES: number;
export const TEAM_SIZES: number[];
export const DEFAULT_WRITE_EVERY_MS: number;

export interface BenchOptions {
  quick: boolean;
  parserOnly: boolean;
  jsOnly: boolean;
  live: boolean;
  browser: boolean;
  sizes: number[];
  workspaces: number;
  loadSeconds: number;
  connections: number;
  /** Loads per route at each size, reported as their median. */
  rounds: number;
  singleSamples: number;
  liveWrites: number;
  /** Route paths to measure besides the baseline; null for all. */
  routes: string[] | null;
  profile: boolean;
  /** Only the "team at work" loads. */
  teamOnly: boolean;
  /** Sizes measured while another client changes a task every `writeEveryMs`; empty with --no-team. */
  teamSizes: number[];
  writeEveryMs: number;
}

export function parseSizes(text: string): number[];
export function parseRoutes(text: string): string[];
export function parseBenchOptions(argv: string[], env?: Record<string, string | undefined>): BenchOptions;

export interface ScriptSizes {
  files: number;
  rawBytes: number;
  gzipBytes: number;
  /** Each script fetched, in the order the browser asked for it, with its gzip size. */
  scripts: Array<{ path: string; gzipBytes: number }>;
}

export function measureBrowserJs(
  baseUrl: string,
  clientDir: string,
): Promise<{ journey: ScriptSizes; dashboard: ScriptSizes }>;

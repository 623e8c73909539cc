export interface ScriptSizes {
  files: number;
  rawBytes: number;
  gzipBytes: number;
}

export function measureBrowserJs(
  baseUrl: string,
  clientDir: string,
): Promise<{ journey: ScriptSizes; dashboard: ScriptSizes }>;

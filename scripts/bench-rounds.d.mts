export interface RoundLoad {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  bad: number;
  codes: Record<string, number>;
  workerdCpuMs: number | null;
  wranglerCpuMs: number | null;
}

export interface CombinedLoad extends RoundLoad {
  ratio: number | null;
  ratioMin: number | null;
  ratioMax: number | null;
  rounds: number;
}

export function median(values: Array<number | null>): number | null;
export function combineRounds(
  rounds: Array<Record<string, RoundLoad>>,
  baselinePath: string,
): Record<string, CombinedLoad>;

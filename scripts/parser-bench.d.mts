export const SENTENCES: string[];
export interface Summary {
  mean: number;
  p50: number;
  p99: number;
  count: number;
}
export function summarize(samples: number[]): Summary;
export function benchRulesParser(): Promise<Summary & { sentences: number; iterations: number }>;

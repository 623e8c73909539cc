export interface BenchTask {
  title: string;
  description: string;
  priority: string;
  category: string | null;
  dueDate: string | null;
  assigneeName: string | null;
  status: string;
  estimatedHours: number | null;
}

export interface SeedRow {
  id: string;
  workspaceId: string;
  userId: string;
  task: BenchTask;
  createdAt: Date;
  dependsOnId: string | null;
}

export const CHAIN_LENGTH: number;
export function seededRandom(seed: number): () => number;
export function taskFor(i: number, random: () => number, today: Date): BenchTask;
export function dependsOnIndex(i: number): number | null;
export function workspaceTasks(seed: number, today?: Date): (i: number) => BenchTask;
export function newId(): string;
export function seedSql(rows: SeedRow[]): string;

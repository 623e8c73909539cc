export interface Inspector {
  send(method: string, params?: Record<string, unknown>): Promise<unknown>;
  close(): void;
}

export interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

export interface CpuProfile {
  nodes: Array<{ id: number; callFrame: CallFrame; children?: number[] }>;
  samples?: number[];
  timeDeltas?: number[];
}

export interface RankedFunction {
  label: string;
  ms: number;
  share: number;
}

export interface ProfileSummary {
  cpuMs: number;
  idleMs: number;
  self: RankedFunction[];
  total: RankedFunction[];
}

export function connectInspector(port: number): Promise<Inspector>;
export function startProfile(inspector: Inspector, intervalUs?: number): Promise<void>;
export function stopProfile(inspector: Inspector): Promise<CpuProfile>;
export function frameLabel(callFrame: CallFrame): string;
export function summarizeProfile(profile: CpuProfile): ProfileSummary;
export function groupCpuMs(pgid: number, name: string, ticksPerSecond?: number): number | null;
export function groupLargestRssMb(pgid: number, name: string, pageBytes?: number): number | null;

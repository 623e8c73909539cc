export interface ServerTimingEntry {
  name: string;
  params: Record<string, string>;
  dur?: number;
  desc?: string;
}

export interface D1Stats {
  roundTrips: number | null;
  queries: number | null;
  rowsRead: number | null;
  durMs: number | null;
}

export function parseServerTiming(header: string | null | undefined): ServerTimingEntry[];
export function d1Stats(headers: Headers | Record<string, string> | null | undefined): D1Stats;
export function meanOf<K extends string>(samples: Array<Partial<Record<K, number | null>>>, field: K): number | null;

import { LRUCache } from "lru-cache";
import { offsetAt } from "./dates";

/**
 * A zone's UTC offsets as a table of segments, for SQL to turn stored instants into local days (ADR 001) without
 * a timezone database of its own: app/models/analytics.ts looks each instant up in it.
 */

/** From an ISO instant on, the zone is this many seconds ahead of UTC (until the next entry). */
export type OffsetSegment = [start: string, offsetSeconds: number];

/** The zone's UTC offsets from `from` (inclusive) to `to` (exclusive), ISO instants, for SQL to find local days. */
export interface OffsetTable {
  from: string;
  to: string;
  segments: OffsetSegment[];
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/**
 * Offsets are sampled every two weeks and each change found to the minute; no zone since 1970 changes its offset
 * and back within two weeks. Tables are kept per zone and year for the life of the isolate (they never change).
 */
const PROBE_MS = 14 * DAY_MS;
/** A zone's offset segments by zone and year; a year's table never changes, and a workspace asks for a few years. */
const offsetSegmentsByZoneYear = new LRUCache<string, OffsetSegment[]>({ max: 500 });
const isoOf = (ms: number) => new Date(ms).toISOString();

function offsetSegmentsOfYear(timezone: string, year: number): OffsetSegment[] {
  const key = `${timezone}|${year}`;
  const cached = offsetSegmentsByZoneYear.get(key);
  if (cached) return cached;
  const from = Date.UTC(year, 0, 1);
  const last = Date.UTC(year + 1, 0, 1) - MINUTE_MS;
  let offset = offsetAt(from, timezone);
  const segments: OffsetSegment[] = [[isoOf(from), offset / 1000]];
  for (let lo = from; lo < last;) {
    const end = Math.min(lo + PROBE_MS, last);
    if (offsetAt(end, timezone) === offset) {
      lo = end;
      continue;
    }
    // offsetAt(lo) is the old offset and offsetAt(hi) a new one: narrow to the first minute of the new one.
    let hi = end;
    while (hi - lo > MINUTE_MS) {
      const mid = lo + Math.floor((hi - lo) / 2 / MINUTE_MS) * MINUTE_MS;
      if (offsetAt(mid, timezone) === offset) lo = mid;
      else hi = mid;
    }
    offset = offsetAt(hi, timezone);
    segments.push([isoOf(hi), offset / 1000]);
    lo = hi;
  }
  offsetSegmentsByZoneYear.set(key, segments);
  return segments;
}

/** The zone's offsets over whole UTC years `fromYear` to `toYear`, consecutive equal offsets merged. */
export function offsetTable(timezone: string, fromYear: number, toYear: number): OffsetTable {
  const segments: OffsetSegment[] = [];
  for (let year = fromYear; year <= toYear; year++) {
    for (const segment of offsetSegmentsOfYear(timezone, year)) {
      if (segments.length === 0 || segments[segments.length - 1][1] !== segment[1]) segments.push(segment);
    }
  }
  return { from: isoOf(Date.UTC(fromYear, 0, 1)), to: isoOf(Date.UTC(toYear + 1, 0, 1)), segments };
}

import type { EfficiencyBasis, Kpi } from "~/domain/analytics";
import { plural, pluralWord } from "~/domain/labels";

/**
 * How the analytics page words its figures. A fixed locale and explicit time zones keep the server render and
 * the browser render identical.
 */

export type KpiFormat = "count" | "days" | "percent";
export type ChangeTone = "good" | "bad" | "neutral";

export interface KpiChange {
  /** What the chip shows: "+12%", "−3 pts", "New", "No change" or "—". */
  text: string;
  /** The same for a screen reader, in words. */
  label: string;
  tone: ChangeTone;
}

const MINUS = "\u2212";

export function formatKpiValue(value: number | null, format: KpiFormat) {
  if (value === null) return "—";
  if (format === "days") return `${value.toFixed(1)} days`;
  if (format === "percent") return `${value}%`;
  return String(value);
}

function toneOf(kpi: Kpi): ChangeTone {
  if (kpi.improved === null) return "neutral";
  return kpi.improved ? "good" : "bad";
}

/**
 * The chip beside a KPI: this week against last. Without a base to compare with (nothing last week, or a count
 * of 0) a figure this week is "New"; with no figure this week either it is "—".
 */
export function describeChange(kpi: Kpi): KpiChange {
  if (kpi.direction === null) {
    return kpi.value === null
      ? { text: "—", label: "Nothing to measure this week yet", tone: "neutral" }
      : { text: "New", label: "No figure last week to compare with", tone: "neutral" };
  }
  if (kpi.direction === "flat") return { text: "No change", label: "No change from last week", tone: "neutral" };
  if (kpi.change === null) return { text: "New", label: "Up from none last week", tone: toneOf(kpi) };

  const size = Math.abs(kpi.change);
  const sign = kpi.change > 0 ? "+" : MINUS;
  const [short, long] =
    kpi.changeUnit === "points"
      ? [plural(size, "pt"), `${size} percentage ${pluralWord(size, "point")}`]
      : [`${size}%`, `${size}%`];
  return {
    text: `${sign}${short}`,
    label: `${kpi.direction === "up" ? "Up" : "Down"} ${long} on last week`,
    tone: toneOf(kpi),
  };
}

/** What this week's efficiency counted, so the figure explains itself: "3 of 4 tasks due so far done." */
export function describeEfficiency({ due, done, dueLater }: EfficiencyBasis) {
  const counted = due === 0 ? "Nothing was due yet this week." : `${done} of ${plural(due, "task")} due so far done.`;
  return dueLater > 0 ? `${counted} ${plural(dueLater, "more task")} due by Sunday.` : counted;
}

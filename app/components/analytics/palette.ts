import type { Priority } from "~/domain/tasks";

/** Chart colours, shared by the lazily loaded charts and the legends the page renders itself. */
export const CHART_COLORS = {
  created: "#4f6bed",
  completed: "#10b981",
  open: "#94a3f0",
} as const;

export const PRIORITY_COLORS: Record<Priority, string> = {
  low: "#94a3b8",
  medium: "#0ea5e9",
  high: "#f59e0b",
  critical: "#dc2626",
};

import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import type { CategoryCount, PriorityCount, WeekProgress } from "~/domain/analytics";
import { categoryLabel, PRIORITY_LABELS } from "~/domain/labels";
import { formatWeek } from "~/domain/dates";
import { CHART_COLORS, PRIORITY_COLORS } from "./palette";

/**
 * The analytics charts. This module is the only one that imports recharts, and the page loads it with
 * React.lazy, so the library ships in its own chunk fetched on /analytics alone. Each chart is drawn for
 * sighted mouse users; the page gives every one a text alternative (a summary line and a data table), so the
 * charts sit inside aria-hidden wrappers with recharts' keyboard layer off (focusable parts may not hide there).
 */

const axisTick = { fontSize: 12, fill: "#475569" };
const tooltipStyle = { borderRadius: 8, borderColor: "#e2e8f0", fontSize: 13 };
// The series colours are too light for text; the tooltip lists values in the body colour.
const tooltipItemStyle = { color: "#334155", padding: 0 };
const legendStyle = { fontSize: 13, paddingTop: 4 };
/** Legend text in the body colour (the series colours are too light for text); icons keep the series colour. */
const legendText = (value: string) => <span style={{ color: "#334155" }}>{value}</span>;
/** Legend and tooltip items in the order of the series, not recharts' default alphabetical order. */
const inOrder = (keys: readonly string[]) => (item: { dataKey?: unknown }) => keys.indexOf(String(item.dataKey));

export function WeeklyProgressChart({ weeks, height }: { weeks: WeekProgress[]; height: number }) {
  const data = weeks.map((week) => ({ ...week, label: formatWeek(week.weekStart) }));
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
        <CartesianGrid vertical={false} stroke="#e2e8f0" />
        <XAxis
          dataKey="label"
          tick={axisTick}
          tickLine={false}
          axisLine={{ stroke: "#cbd5e1" }}
          interval="preserveStartEnd"
          minTickGap={12}
        />
        <YAxis allowDecimals={false} tick={axisTick} tickLine={false} axisLine={false} width={44} />
        <Tooltip
          cursor={{ fill: "#f1f5f9" }}
          contentStyle={tooltipStyle}
          itemStyle={tooltipItemStyle}
          labelFormatter={(label) => `Week of ${label}`}
          itemSorter={inOrder(["created", "completed"])}
        />
        <Legend
          wrapperStyle={legendStyle}
          iconType="circle"
          iconSize={10}
          formatter={legendText}
          itemSorter={inOrder(["created", "completed"])}
        />
        <Bar dataKey="created" name="Created" fill={CHART_COLORS.created} radius={[4, 4, 0, 0]} maxBarSize={28} />
        <Bar dataKey="completed" name="Completed" fill={CHART_COLORS.completed} radius={[4, 4, 0, 0]} maxBarSize={28} />
      </BarChart>
    </ResponsiveContainer>
  );
}

const MAX_TICK_CHARS = 14;
const shortName = (name: string) =>
  name.length > MAX_TICK_CHARS ? `${name.slice(0, MAX_TICK_CHARS - 1)}…` : name;

export function CategoryChart({ categories, height }: { categories: CategoryCount[]; height: number }) {
  const data = categories.map((c) => ({ ...c, label: categoryLabel(c.category) }));
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart
        data={data}
        layout="vertical"
        accessibilityLayer={false}
        margin={{ top: 0, right: 12, bottom: 0, left: 0 }}
        barCategoryGap="24%"
      >
        <CartesianGrid horizontal={false} stroke="#e2e8f0" />
        <XAxis type="number" allowDecimals={false} tick={axisTick} tickLine={false} axisLine={false} />
        <YAxis
          type="category"
          dataKey="label"
          tick={axisTick}
          tickLine={false}
          axisLine={false}
          width={104}
          tickFormatter={shortName}
        />
        <Tooltip
          cursor={{ fill: "#f1f5f9" }}
          contentStyle={tooltipStyle}
          itemStyle={tooltipItemStyle}
          itemSorter={inOrder(["completed", "open"])}
        />
        <Legend
          wrapperStyle={legendStyle}
          iconType="circle"
          iconSize={10}
          formatter={legendText}
          itemSorter={inOrder(["completed", "open"])}
        />
        <Bar dataKey="completed" name="Completed" stackId="tasks" fill={CHART_COLORS.completed} maxBarSize={24} />
        <Bar
          dataKey="open"
          name="Open"
          stackId="tasks"
          fill={CHART_COLORS.open}
          radius={[0, 4, 4, 0]}
          maxBarSize={24}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}

export function PriorityChart({ priorities, height }: { priorities: PriorityCount[]; height: number }) {
  // Empty priorities draw nothing; the legend beside the chart still lists them with their 0.
  const data = priorities
    .filter((p) => p.count > 0)
    .map((p) => ({ name: PRIORITY_LABELS[p.priority], count: p.count, fill: PRIORITY_COLORS[p.priority] }));
  return (
    <ResponsiveContainer width="100%" height={height}>
      <PieChart accessibilityLayer={false}>
        <Tooltip contentStyle={tooltipStyle} itemStyle={tooltipItemStyle} />
        <Pie
          data={data}
          dataKey="count"
          nameKey="name"
          innerRadius="58%"
          outerRadius="92%"
          paddingAngle={data.length > 1 ? 2 : 0}
          stroke="#fff"
          strokeWidth={2}
          rootTabIndex={-1}
        />
      </PieChart>
    </ResponsiveContainer>
  );
}

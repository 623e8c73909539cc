import { clsx, type ClassValue } from "clsx";

/**
 * The Tailwind utility families the app's classes use, as tailwind-merge's class groups: a class's group is the
 * first rule its utility (variants and a leading `-` removed) matches. app/lib/utils.test.ts proves that every pair
 * of classes in app/ merges as tailwind-merge merges it, which weighs 8 KB gzip on every page; a class of a new
 * family fails that test until its rule is added here.
 */
const GROUPS: [RegExp, string][] = [
  [
    /^(block|inline-block|inline|flex|inline-flex|table|inline-table|table-\w+-group|table-(caption|cell|column|row)|flow-root|grid|inline-grid|contents|list-item|hidden)$/,
    "display",
  ],
  [/^(not-)?sr-only$/, "sr"],
  [/^(static|fixed|absolute|relative|sticky)$/, "position"],
  [/^(visible|invisible|collapse)$/, "visibility"],
  [/^(inset(-[xy])?|start|end|top|right|bottom|left)-/, "$1"],
  [/^z-/, "z"],
  [/^flex-(row|col)(-reverse)?$/, "flex-direction"],
  [/^flex-(wrap|wrap-reverse|nowrap)$/, "flex-wrap"],
  [/^flex-/, "flex"],
  [/^(grow|shrink)(-|$)/, "$1"],
  [/^(basis|order|grid-cols|grid-rows|col-start|col-end|row-start|row-end|line-clamp)-/, "$1"],
  [/^(col|row)-(span|auto)/, "$1-start-end"],
  [/^gap-([xy])-/, "gap-$1"],
  [/^gap-/, "gap"],
  [/^justify-(items|self)-/, "justify-$1"],
  [/^justify-/, "justify-content"],
  [/^content-(normal|center|start|end|between|around|evenly|baseline|stretch)$/, "align-content"],
  [/^items-/, "align-items"],
  [/^self-/, "align-self"],
  [/^place-(content|items|self)-/, "place-$1"],
  [/^([pm][xytrblse]?|space-[xy]|size|[wh]|min-[wh]|max-[wh]|scroll-m[xytrblse]?|scroll-p[xytrblse]?)-/, "$1"],
  [/^text-(xs|sm|base|lg|[2-9]?xl)$/, "font-size"],
  // An arbitrary length (`text-[7rem]`) is a size, as tailwind-merge reads it; any other arbitrary value a colour.
  [/^text-\[\d[\d.]*(px|rem|em|vw|vh|%)\]$/, "font-size"],
  [/^text-(left|center|right|justify|start|end)$/, "text-align"],
  [/^text-(wrap|nowrap|balance|pretty)$/, "text-wrap"],
  [/^(truncate|text-ellipsis|text-clip)$/, "text-overflow"],
  [/^text-/, "text-color"],
  [/^font-(sans|serif|mono)$/, "font-family"],
  [/^font-/, "font-weight"],
  [/^(divide-[xy]|blur|backdrop-blur)(-|$)/, "$1"],
  [
    /^(tracking|leading|underline-offset|whitespace|opacity|cursor|pointer-events|select|resize|accent|animate|rotate|outline-offset)-/,
    "$1",
  ],
  [/^list-(inside|outside)$/, "list-style-position"],
  [/^list-/, "list-style-type"],
  [/^(underline|overline|line-through|no-underline)$/, "text-decoration"],
  [/^(uppercase|lowercase|capitalize|normal-case)$/, "text-transform"],
  [/^(proportional|tabular)-nums$/, "fvn-spacing"],
  [/^break-(normal|words|all|keep)$/, "break"],
  [/^break-(before|after|inside)-/, "break-$1"],
  [/^align-(baseline|top|middle|bottom|text-top|text-bottom|sub|super)$/, "vertical-align"],
  [/^bg-/, "bg-color"],
  [/^(from|via|to)-/, "gradient-$1"],
  [/^border-(collapse|separate)$/, "border-collapse"],
  [/^border-(solid|dashed|dotted|double|hidden|none)$/, "border-style"],
  [/^border(?:-([xytrblse]))?(-\d+)?$/, "border-w-$1"],
  [/^border(?:-([xytrblse]))?-/, "border-color-$1"],
  [/^divide-/, "divide-color"],
  [/^rounded(-(?:[tbrlse]|tl|tr|br|bl|ss|se|es|ee))?(-|$)/, "rounded$1"],
  [/^shadow(-(sm|md|lg|xl|2xl|none|inner))?$/, "shadow"],
  [/^shadow-/, "shadow-color"],
  [/^ring(-\d+)?$/, "ring-w"],
  [/^ring-inset$/, "ring-w-inset"],
  [/^ring-/, "ring-color"],
  [/^outline(-\d+)?$/, "outline-w"],
  [/^outline-(solid|dashed|dotted|double|none|hidden)$/, "outline-style"],
  [/^outline-/, "outline-color"],
  [/^transition(-|$)/, "transition"],
  [/^translate-([xyz])-/, "translate-$1"],
  [/^table-(auto|fixed)$/, "table-layout"],
  [/^overflow-([xy])-/, "overflow-$1"],
  [/^overflow-/, "overflow"],
  [/^(filter|backdrop-filter)$/, "$1"],
];

/** A shorthand and its sides: `p` covers `px`, `py`, `ps`…, `px` covers `pr` and `pl`, `py` covers `pt` and `pb`. */
function sides(group: string) {
  return {
    [group]: [..."xysetrbl"].map((side) => group + side),
    [`${group}x`]: [`${group}r`, `${group}l`],
    [`${group}y`]: [`${group}t`, `${group}b`],
  };
}

/** What a class of each group overrides besides its own group (tailwind-merge's conflicting groups). */
const CONFLICTS: Record<string, string[]> = {
  flex: ["basis", "grow", "shrink"],
  inset: ["inset-x", "inset-y", "start", "end", "top", "right", "bottom", "left"],
  "inset-x": ["right", "left"],
  "inset-y": ["top", "bottom"],
  gap: ["gap-x", "gap-y"],
  ...sides("p"),
  ...sides("m"),
  ...sides("border-w-"),
  ...sides("border-color-"),
  size: ["w", "h"],
  "font-size": ["leading"],
  "line-clamp": ["display", "overflow"],
  rounded: [..."setrbl", "ss", "se", "ee", "es", "tl", "tr", "br", "bl"].map((corner) => `rounded-${corner}`),
  "rounded-t": ["rounded-tl", "rounded-tr"],
  "rounded-r": ["rounded-tr", "rounded-br"],
  "rounded-b": ["rounded-br", "rounded-bl"],
  "rounded-l": ["rounded-tl", "rounded-bl"],
  overflow: ["overflow-x", "overflow-y"],
};

/** Variants whose order changes what a class means (`before:hover:` is not `hover:before:`), as in tailwind-merge. */
const ORDERED =
  /^(\[|\*|after$|backdrop$|before$|details-content$|file$|first-letter$|first-line$|marker$|placeholder$|selection$)/;

function sortVariants(variants: string[]) {
  const sorted: string[] = [];
  let run: string[] = [];
  for (const variant of variants) {
    if (ORDERED.test(variant)) {
      sorted.push(...run.sort(), variant);
      run = [];
    } else run.push(variant);
  }
  return [...sorted, ...run.sort()];
}

/** The class's variants (`sm:hover:`), split at colons outside brackets, and its utility. */
function parse(className: string) {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < className.length; i += 1) {
    const char = className[i];
    if (char === "[" || char === "(") depth += 1;
    else if (char === "]" || char === ")") depth -= 1;
    else if (char === ":" && depth === 0) {
      parts.push(className.slice(start, i));
      start = i + 1;
    }
  }
  let utility = className.slice(start);
  const important = utility.startsWith("!") || utility.endsWith("!");
  utility = utility.replace(/^!|!$/g, "").replace(/^-/, "");
  return { prefix: sortVariants(parts).join(":") + (important ? "!" : ""), utility };
}

function groupOf(utility: string) {
  // An opacity or line-height after a slash (`bg-white/60`, `text-sm/6`) belongs to the utility before it.
  const base = utility.replace(/\/[^/\]]*$/, "");
  for (const [rule, group] of GROUPS) {
    const match = base.match(rule);
    if (match) return group.replace(/\$(\d)/g, (_, n: string) => match[Number(n)] ?? "");
  }
  return undefined;
}

/**
 * tailwind-merge's merge: read from the last class back, a class is dropped when a later one of the same variants
 * set its group (or a group that contains it, as `p-4` contains `px-2`); classes of no known group stay.
 */
export function mergeClasses(classList: string) {
  const taken = new Set<string>();
  const kept: string[] = [];
  const classes = classList.trim().split(/\s+/);
  for (let i = classes.length - 1; i >= 0; i -= 1) {
    const className = classes[i];
    if (className === "") continue;
    const { prefix, utility } = parse(className);
    const group = groupOf(utility);
    if (group === undefined) {
      kept.push(className);
      continue;
    }
    if (taken.has(prefix + group)) continue;
    taken.add(prefix + group);
    for (const other of CONFLICTS[group] ?? []) taken.add(prefix + other);
    kept.push(className);
  }
  return kept.reverse().join(" ");
}

/**
 * Merged class lists by their input. A page renders the same few hundred lists again and again (60 task cards
 * each ask for the same classes), and merging runs some 70 patterns per class: in the server render of `/tasks`
 * it was one of the costliest functions (docs/benchmarks.md). The lists come from code, so they are few; the
 * memo is emptied if it ever grows past `MERGED_MAX` (a caller building class names from data).
 */
const merged = new Map<string, string>();
const MERGED_MAX = 2000;

/** Joins class names; later Tailwind classes win over earlier ones, so a caller's `className` overrides defaults. */
export function cn(...inputs: ClassValue[]) {
  const classList = clsx(inputs);
  let result = merged.get(classList);
  if (result === undefined) {
    result = mergeClasses(classList);
    if (merged.size >= MERGED_MAX) merged.clear();
    merged.set(classList, result);
  }
  return result;
}

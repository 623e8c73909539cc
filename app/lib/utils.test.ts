import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { cn, mergeClasses } from "./utils";

const APP = new URL("..", import.meta.url).pathname;

/**
 * Every class-like word in a string literal of the app's source: a superset of the classes `cn` ever sees (Tailwind
 * only builds classes written out whole in the source). Not this module's group names, which are not classes.
 */
function classesInApp() {
  const words = new Set<string>();
  const files = readdirSync(APP, { recursive: true, encoding: "utf8" }).filter(
    (f) => /\.tsx?$/.test(f) && !f.includes(".test.") && f !== join("lib", "utils.ts"),
  );
  for (const file of files) {
    const source = readFileSync(join(APP, file), "utf8");
    for (const [, a, b, c] of source.matchAll(/"([^"\n]*)"|'([^'\n]*)'|`([^`]*)`/g)) {
      for (const word of (a ?? b ?? c).split(/\s+/)) {
        if (/^[!a-z0-9@[*-][^\s"'`{}$]*$/.test(word) && word.length < 100) words.add(word);
      }
    }
  }
  return [...words];
}

/** A class's variants (`sm:hover:`) in sorted order, split at colons outside brackets. */
function variantsOf(word: string) {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < word.length; i += 1) {
    if (word[i] === "[") depth += 1;
    else if (word[i] === "]") depth -= 1;
    else if (word[i] === ":" && depth === 0) {
      parts.push(word.slice(start, i));
      start = i + 1;
    }
  }
  return parts.sort().join(":");
}

/** Classes either merge knows: kept once when repeated (unknown classes are all kept). */
const known = (word: string) => twMerge(`${word} ${word}`) === word || mergeClasses(`${word} ${word}`) === word;

describe("cn", () => {
  // Both merges drop a class when a later one with the same variants covers its group, so two class lists merge
  // alike when every ordered pair of their classes does, and classes with different variants never meet: checking
  // the pairs within each set of variants covers every list of the app's classes.
  it("merges every pair of the app's classes as tailwind-merge does", { timeout: 60_000 }, () => {
    const classes = classesInApp().filter(known);
    expect(classes.length).toBeGreaterThan(300);
    const byVariants = new Map<string, string[]>();
    for (const word of classes) {
      const variants = variantsOf(word);
      byVariants.set(variants, [...(byVariants.get(variants) ?? []), word]);
    }
    const differences: string[] = [];
    for (const group of byVariants.values()) {
      for (const first of group) {
        for (const second of group) {
          const pair = `${first} ${second}`;
          const expected = twMerge(pair);
          if (mergeClasses(pair) !== expected)
            differences.push(`"${pair}" → "${expected}", not "${mergeClasses(pair)}"`);
        }
      }
    }
    expect(differences.slice(0, 60), `${differences.length} pairs merge differently`).toEqual([]);
  });

  it.each([
    [
      "a caller's padding over a card's",
      ["flex flex-col gap-1.5 p-5 sm:p-6", "pb-2 sm:p-4"],
      "flex flex-col gap-1.5 p-5 pb-2 sm:p-4",
    ],
    ["a caller's size over a field's", ["h-10 py-2", "h-8 px-2"], "py-2 h-8 px-2"],
    ["a font size over an earlier line height", ["leading-tight", "text-sm"], "text-sm"],
    [
      "variants set apart",
      ["text-sm sm:text-base hover:text-slate-900", "md:text-lg text-slate-600"],
      "text-sm sm:text-base hover:text-slate-900 md:text-lg text-slate-600",
    ],
    [
      "the component classes of app/tailwind.css, untouched",
      ["btn btn-md", "btn-sm w-full"],
      "btn btn-md btn-sm w-full",
    ],
    ["falsy parts skipped", ["grid", false, undefined, "gap-2", null], "grid gap-2"],
  ])("%s", (_what, inputs, merged) => {
    expect(cn(...inputs)).toBe(merged);
    expect(cn(...inputs)).toBe(twMerge(...inputs.filter((input) => typeof input === "string")));
  });
});

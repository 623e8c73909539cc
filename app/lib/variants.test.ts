import { cva as reference } from "class-variance-authority";
import { describe, expect, it } from "vitest";
import { cva } from "./variants";

const config = {
  variants: {
    variant: { default: "btn-primary", secondary: "btn-secondary", ghost: "btn-ghost" },
    size: { default: "btn-md", sm: "btn-sm", icon: ["btn-icon", { square: true }] },
  },
  defaultVariants: { variant: "default", size: "default" },
} as const;

const ours = cva("btn", config);
const theirs = reference("btn", config);

const CASES = [
  undefined,
  {},
  { variant: "secondary" },
  { variant: "ghost", size: "sm" },
  { size: "icon" },
  { variant: null },
  { variant: undefined, size: null },
  { className: "mt-8" },
  { variant: "secondary", class: "w-full", className: ["mt-2", { hidden: false }] },
] as const;

describe("cva does what class-variance-authority's does", () => {
  it.each(CASES)("%o", (props) => {
    expect(ours(props as Parameters<typeof ours>[0])).toBe(theirs(props as Parameters<typeof theirs>[0]));
  });

  it("with no defaults", () => {
    const noDefaults = { variants: { tone: { warm: "text-amber-700", cool: "text-sky-700" } } };
    for (const props of [{}, { tone: "warm" as const }, { tone: null }]) {
      expect(cva("badge", noDefaults)(props)).toBe(reference("badge", noDefaults)(props));
    }
  });
});

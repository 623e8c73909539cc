import { Slot as RadixSlot } from "@radix-ui/react-slot";
import { createElement, createRef, forwardRef, type ReactNode, type Ref } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Slot } from "./slot";

type Props = Record<string, unknown>;

/** Renders `slot` with `slotProps` around a child that records the props and ref it receives. */
function slotted(
  slot: typeof Slot,
  slotProps: Props,
  childProps: Props,
  refs: { slot?: Ref<unknown>; child?: Ref<unknown> } = {},
) {
  let received: { props: Props; ref: Ref<unknown> } | undefined;
  const Child = forwardRef<unknown, Props>((props, ref) => {
    received = { props, ref };
    return null;
  });
  renderToStaticMarkup(
    createElement(
      slot,
      { ...slotProps, ref: refs.slot } as Props,
      createElement(Child, { ...childProps, ref: refs.child }),
    ),
  );
  return received!;
}

const calls: string[] = [];
const handler = (name: string) => () => void calls.push(name);

const CASES: [string, Props, Props][] = [
  ["classes joined, the slot's first", { className: "btn btn-primary" }, { className: "mt-2" }],
  ["only the slot's class", { className: "btn" }, {}],
  ["only the child's class", {}, { className: "mt-2" }],
  ["the child's other props win", { id: "a", title: "slot", "aria-label": "x" }, { id: "b", href: "/tasks" }],
  ["styles merged", { style: { color: "red", margin: 1 } }, { style: { color: "blue" } }],
  ["aria-describedby ids joined once", { "aria-describedby": "hint err" }, { "aria-describedby": "err  note" }],
  ["aria-describedby from the slot only", { "aria-describedby": "hint" }, {}],
  ["an empty aria-describedby", { "aria-describedby": " " }, { "aria-describedby": "" }],
  ["disabled and data attributes", { disabled: true, "data-state": "open" }, { "data-x": "1" }],
];

describe("Slot does what Radix's Slot does", () => {
  it.each(CASES)("%s", (_, slotProps, childProps) => {
    expect(slotted(Slot, slotProps, childProps).props).toEqual(slotted(RadixSlot, slotProps, childProps).props);
  });

  it("runs both handlers, the child's first, and keeps a lone handler", () => {
    const run = (slot: typeof Slot) => {
      calls.length = 0;
      const { props } = slotted(
        slot,
        { onClick: handler("slot"), onFocus: handler("slot focus") },
        { onClick: handler("child"), onBlur: handler("child blur") },
      );
      for (const name of ["onClick", "onFocus", "onBlur"]) (props[name] as () => void)();
      return [...calls];
    };
    expect(run(Slot)).toEqual(["child", "slot", "slot focus", "child blur"]);
    expect(run(Slot)).toEqual(run(RadixSlot));
  });

  it("sets the slot's ref and the child's", () => {
    const run = (slot: typeof Slot) => {
      const slotRef = createRef<unknown>();
      const seen: unknown[] = [];
      const { ref } = slotted(slot, {}, {}, { slot: slotRef, child: (node: unknown) => void seen.push(node) });
      (ref as (node: unknown) => void)("node");
      return { slot: slotRef.current, child: seen };
    };
    expect(run(Slot)).toEqual({ slot: "node", child: ["node"] });
    expect(run(Slot)).toEqual(run(RadixSlot));
  });

  it("passes the child's ref on as is without a ref of its own", () => {
    const childRef = createRef<unknown>();
    expect(slotted(Slot, {}, {}, { child: childRef }).ref).toBe(childRef);
  });

  it("renders the same markup for a link styled as a button", () => {
    const markup = (slot: typeof Slot) =>
      renderToStaticMarkup(
        createElement(
          slot,
          { className: "btn", onClick: () => {} } as Props,
          createElement("a", { href: "/tasks", className: "w-full" }, "Tasks" as ReactNode),
        ),
      );
    expect(markup(Slot)).toBe('<a href="/tasks" class="btn w-full">Tasks</a>');
    expect(markup(Slot)).toBe(markup(RadixSlot));
  });
});

import { Label as RadixLabel } from "@radix-ui/react-label";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Label } from "./label";

describe("Label", () => {
  it("renders what the Radix Label it replaced rendered", () => {
    // The old Label passed its classes first, then the caller's props.
    const props = { className: "text-sm font-medium text-slate-800", htmlFor: "digest-channel", id: "l" };
    expect(renderToStaticMarkup(createElement(Label, { htmlFor: "digest-channel", id: "l" }, "Channel"))).toBe(
      renderToStaticMarkup(createElement(RadixLabel, props, "Channel")),
    );
  });
});

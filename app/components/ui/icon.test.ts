import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { AlertTriangle, LoaderCircle, Truck, type LucideIcon, type LucideProps } from "lucide-react";
import { describe, expect, it } from "vitest";
import { loadIconDrawing } from "../../../scripts/lucide-imports";
import { createIcon } from "./icon";

const SPRITE = "/assets/icons-test.svg";

/** The sprite's component for a lucide icon module, as scripts/lucide-imports.ts makes it. */
async function spriteIcon(file: string) {
  const icon = await loadIconDrawing(file);
  return { Icon: createIcon(`${SPRITE}#${icon.name}`, icon.classes), name: icon.name };
}

/** The `<svg>`'s attributes in the order React wrote them, and what is inside it. */
function render(Icon: LucideIcon, props: LucideProps) {
  const html = renderToStaticMarkup(createElement(Icon, props));
  const [, attributes, inner] = html.match(/^<svg([^>]*)>(.*)<\/svg>$/s)!;
  return {
    attributes: [...attributes.matchAll(/ ([\w:-]+)="([^"]*)"/g)].map(([, name, value]) => [name, value]),
    inner,
  };
}

const CASES: [string, LucideProps][] = [
  ["no props", {}],
  ["a class and aria-hidden, as the app writes them", { className: "size-4 text-slate-400", "aria-hidden": true }],
  ["an accessible name", { "aria-label": "Loading", className: "animate-spin" }],
  ["a role", { role: "img" }],
  ["size and stroke width", { size: 16, strokeWidth: 1.5 }],
  ["width over size", { size: 16, width: 20 }],
  ["a colour", { color: "red" }],
  ["absolute stroke width", { size: 48, absoluteStrokeWidth: true }],
  [
    "other props passed through",
    { id: "icon", style: { marginTop: 2 }, "data-state": "on", focusable: "false" } as LucideProps,
  ],
];

describe("sprite icons", () => {
  describe.each([
    ["truck", Truck],
    ["triangle-exclamation-point", AlertTriangle],
    ["loader-circle", LoaderCircle],
  ])("%s", (file, Lucide) => {
    it.each(CASES)("renders lucide-react's <svg> attributes: %s", async (_what, props) => {
      const { Icon, name } = await spriteIcon(file);
      const sprite = render(Icon, props);
      const drawn = render(Lucide, props);
      // lucide-react also writes `xmlns`, which an <svg> in HTML does without.
      expect(sprite.attributes).toEqual(drawn.attributes.filter(([attribute]) => attribute !== "xmlns"));
      expect(sprite.inner).toBe(`<use href="${SPRITE}#${name}"></use>`);
    });
  });

  it("puts children (a title) after the symbol and, as lucide-react, leaves the icon to them", async () => {
    const { Icon } = await spriteIcon("truck");
    const props = { children: createElement("title", null, "Delivery") };
    const sprite = render(Icon, props);
    expect(sprite.attributes).toEqual(render(Truck, props).attributes.filter(([attribute]) => attribute !== "xmlns"));
    expect(sprite.attributes.map(([attribute]) => attribute)).not.toContain("aria-hidden");
    expect(sprite.inner).toBe(`<use href="${SPRITE}#truck"></use><title>Delivery</title>`);
  });
});

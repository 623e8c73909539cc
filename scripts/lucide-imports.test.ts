import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import * as lucide from "lucide-react";
import { describe, expect, it } from "vitest";
import {
  buildSprite,
  drawIcon,
  iconFiles,
  iconModule,
  importedIcons,
  loadIconDrawing,
  lucideIconFiles,
  readSprite,
  rewriteLucideImports,
  spriteSymbol,
} from "./lucide-imports";

const BARREL = [
  "export { default as Icon } from './Icon.mjs';",
  "export { default as LucideTruck, default as Truck, default as TruckIcon } from './icons/truck.mjs';",
  "export { default as CircleAlert, default as AlertCircle } from './icons/circle-alert.mjs';",
].join("\n");
const files = iconFiles(BARREL);

describe("lucideImports", () => {
  it("reads each icon's names and module from the package's entry", () => {
    expect(Object.fromEntries(files)).toEqual({
      LucideTruck: "truck",
      Truck: "truck",
      TruckIcon: "truck",
      CircleAlert: "circle-alert",
      AlertCircle: "circle-alert",
    });
  });

  it.each([
    [
      "one import per icon",
      `import { Truck, AlertCircle } from "lucide-react";`,
      `import Truck from "virtual:lucide-icon/truck"; import AlertCircle from "virtual:lucide-icon/circle-alert";`,
    ],
    ["renamed icons", `import { Truck as Van } from "lucide-react";`, `import Van from "virtual:lucide-icon/truck";`],
    [
      "types and helpers left on the package, lines kept",
      `import {\n  Truck,\n  Icon,\n  type LucideIcon,\n} from "lucide-react";\nconst a = 1;`,
      `import { Icon, type LucideIcon } from "lucide-react"; import Truck from "virtual:lucide-icon/truck";\n\n\n\n\nconst a = 1;`,
    ],
    [
      "nothing but types, untouched",
      `import { type LucideIcon } from "lucide-react";`,
      `import { type LucideIcon } from "lucide-react";`,
    ],
    ["other packages, untouched", `import { Truck } from "./icons";`, `import { Truck } from "./icons";`],
  ])("%s", (_what, source, rewritten) => {
    expect(rewriteLucideImports(source, files)).toBe(rewritten);
  });

  it("lists the icon modules a file imports, by whatever name", () => {
    const source = `import { Truck as Van, type LucideIcon } from "lucide-react";\nimport { AlertCircle } from 'lucide-react'`;
    expect(importedIcons(source, files)).toEqual(["truck", "circle-alert"]);
  });
});

describe("the sprite", () => {
  it("holds an icon as a symbol of the shapes lucide-react draws, without the <svg>'s own attributes", async () => {
    const truck = await loadIconDrawing("truck");
    expect(truck).toMatchObject({ name: "truck", width: 24, height: 24, classes: "lucide lucide-truck" });
    expect(spriteSymbol(truck)).toBe(
      '<symbol id="truck" viewBox="0 0 24 24">' +
        '<path d="M14 18V6a2 2 0 0 0-2-2H4a2 2 0 0 0-2 2v11a1 1 0 0 0 1 1h2"/>' +
        '<path d="M15 18H9"/>' +
        '<path d="M19 18h2a1 1 0 0 0 1-1v-3.65a1 1 0 0 0-.22-.624l-3.48-4.35A1 1 0 0 0 17.52 8H14"/>' +
        '<circle cx="17" cy="18" r="2"/>' +
        '<circle cx="7" cy="18" r="2"/>' +
        "</symbol>",
    );
  });

  it("keeps a shape's own fill, the box, React's escaping and nested children", () => {
    const odd = () =>
      createElement(
        "svg",
        { viewBox: "0 0 20 16", className: "lucide lucide-odd", stroke: "currentColor" },
        createElement("circle", { cx: "7.5", cy: "7.5", r: ".5", fill: "currentColor" }),
        createElement("g", { "data-note": 'a "b" & <c>' }, createElement("path", { d: "M1 1h2" })),
      );
    const drawing = drawIcon("odd", odd);
    expect(drawing).toMatchObject({ width: 20, height: 16, classes: "lucide lucide-odd" });
    expect(spriteSymbol(drawing)).toBe(
      '<symbol id="odd" viewBox="0 0 20 16"><circle cx="7.5" cy="7.5" r=".5" fill="currentColor"/>' +
        '<g data-note="a &quot;b&quot; &amp; &lt;c&gt;"><path d="M1 1h2"/></g></symbol>',
    );
  });

  it("refuses a component that draws no <svg>", () => {
    expect(() => drawIcon("text", () => createElement("span", null, "x"))).toThrow("lucide-react's text draws no <svg>");
  });

  it("is one SVG document of symbols in name order, so the same icons make the same file", () => {
    const icon = (name: string, d: string) => ({ name, width: 24, height: 24, classes: "", shapes: `<path d="${d}"/>` });
    const a = icon("a", "M1 1");
    const b = icon("b", "M2 2");
    const sprite = buildSprite([b, a]);
    expect(sprite).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg">\n' +
        '<symbol id="a" viewBox="0 0 24 24"><path d="M1 1"/></symbol>\n' +
        '<symbol id="b" viewBox="0 0 24 24"><path d="M2 2"/></symbol>\n' +
        "</svg>\n",
    );
    expect(buildSprite([a, b])).toBe(sprite);
  });

  it("gives each icon lucide-react's classes and a module binding its symbol", async () => {
    const triangle = await loadIconDrawing("triangle-exclamation-point");
    expect(triangle.classes).toBe("lucide lucide-triangle-exclamation-point lucide-alert-triangle lucide-triangle-alert");
    expect(iconModule(await loadIconDrawing("truck"), "/assets/icons-x.svg", "/app/icon.tsx")).toBe(
      'import { createIcon } from "/app/icon.tsx";\nexport default createIcon("/assets/icons-x.svg#truck", "lucide lucide-truck");\n',
    );
    const wide = { name: "wide", width: 32, height: 24, classes: "lucide lucide-wide", shapes: "" };
    expect(iconModule(wide, "/i.svg", "/c.tsx")).toContain('createIcon("/i.svg#wide", "lucide lucide-wide", 32, 24)');
  });

  it("holds every icon the app imports, each drawing what lucide-react draws", async () => {
    const lucideFiles = lucideIconFiles();
    const sprite = await readSprite(new URL("../app", import.meta.url).pathname, lucideFiles);
    expect(sprite.fileName).toMatch(/^assets\/icons-[\w-]{8}\.svg$/);
    expect(sprite.icons.size).toBeGreaterThan(80);
    expect([...sprite.icons.keys()]).toContain("triangle-exclamation-point");
    const components = lucide as unknown as Record<string, lucide.LucideIcon>;
    for (const [file, icon] of sprite.icons) {
      const name = [...lucideFiles].find(([, f]) => f === file)![0];
      // lucide-react's <svg>'s children, as the symbol writes them (empty elements closed by `/>`).
      const drawn = renderToStaticMarkup(createElement(components[name]))
        .replace(/^<svg[^>]*>|<\/svg>$/g, "")
        .replace(/><\/\w+>/g, "/>");
      expect(sprite.source).toContain(`<symbol id="${icon.name}" viewBox="0 0 24 24">${drawn}</symbol>`);
    }
    expect(sprite.source.match(/<symbol /g)).toHaveLength(sprite.icons.size);
  });
});

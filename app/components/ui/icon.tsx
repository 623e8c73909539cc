import { createElement, forwardRef } from "react";
import type { LucideIcon, LucideProps } from "lucide-react";

/**
 * An icon drawn from the sprite (docs/decisions/027-icons-from-a-sprite.md): the `<svg>` lucide-react renders, with
 * one `<use>` of the icon's symbol in place of its paths. `import { Truck } from "lucide-react"` gets one of these
 * (scripts/lucide-imports.ts makes it with the symbol's address and lucide's classes), so no component changed.
 *
 * Its attributes are lucide-react's (`Icon` in lucide-react 1.x), without `xmlns`, which HTML ignores: 24 by 24 or
 * `size` (`width` and `height` override it), `stroke` from `color`, `strokeWidth` (scaled by `absoluteStrokeWidth`),
 * `aria-hidden="true"` unless the icon has children or an `aria-*`, `role` or `title` prop, then the props passed.
 * The caller's `className` follows lucide's classes as given (lucide also drops repeated words). Stroke and fill are
 * set here and the sprite's shapes set none of their own, so they inherit them, and `currentColor`, through
 * `<use>`. Not supported: `nonScalingStroke` (lucide puts `vector-effect` on each shape, which the sprite's shapes
 * cannot take per use) and `LucideProvider`'s defaults; the app uses neither.
 */
export function createIcon(href: string, classes: string, iconWidth = 24, iconHeight = iconWidth): LucideIcon {
  const use = createElement("use", { href });
  const viewBox = `0 0 ${iconWidth} ${iconHeight}`;
  return forwardRef<SVGSVGElement, LucideProps>(function Icon(
    { color, size, width, height, strokeWidth, absoluteStrokeWidth, nonScalingStroke, className, children, ...rest },
    ref,
  ) {
    const svgWidth = width ?? size ?? 24;
    const stroke = strokeWidth ?? 2;
    const props: Record<string, unknown> = {
      width: svgWidth,
      height: height ?? size ?? 24,
      viewBox,
      fill: "none",
      stroke: color || "currentColor",
      strokeWidth: absoluteStrokeWidth ? (Number(stroke) * iconWidth) / Number(svgWidth) : stroke,
      strokeLinecap: "round",
      strokeLinejoin: "round",
      className: className ? `${classes} ${className}` : classes,
    };
    if (!children && !labelled(rest)) props["aria-hidden"] = "true";
    Object.assign(props, rest);
    props.ref = ref;
    return createElement("svg", props, use, children);
  });
}

/** lucide-react's `hasA11yProp`: an `aria-*`, `role` or `title` prop that is set. */
function labelled(props: Record<string, unknown>) {
  for (const name in props) {
    if ((name.startsWith("aria-") || name === "role" || name === "title") && props[name] != null) return true;
  }
  return false;
}

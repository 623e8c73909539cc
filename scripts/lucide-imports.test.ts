import { describe, expect, it } from "vitest";
import { iconFiles, rewriteLucideImports } from "./lucide-imports";

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
      `import Truck from "lucide-react/icons/truck"; import AlertCircle from "lucide-react/icons/circle-alert";`,
    ],
    ["renamed icons", `import { Truck as Van } from "lucide-react";`, `import Van from "lucide-react/icons/truck";`],
    [
      "types and helpers left on the package, lines kept",
      `import {\n  Truck,\n  Icon,\n  type LucideIcon,\n} from "lucide-react";\nconst a = 1;`,
      `import { Icon, type LucideIcon } from "lucide-react"; import Truck from "lucide-react/icons/truck";\n\n\n\n\nconst a = 1;`,
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
});

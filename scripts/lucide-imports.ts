import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Plugin } from "vite";

const IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']lucide-react["'];?/g;
const REEXPORT = /export\s*\{([^}]*)\}\s*from\s*'\.\/icons\/([\w-]+)\.mjs'/g;

/** Each icon's export names (`Truck`, `TruckIcon`, `LucideTruck`) to its module's file name (`truck`), from the barrel. */
export function iconFiles(barrel: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const [, names, file] of barrel.matchAll(REEXPORT)) {
    for (const name of names.split(",")) {
      const exported = name.trim().match(/^default as (\w+)$/)?.[1];
      if (exported) files.set(exported, file);
    }
  }
  return files;
}

/**
 * Rewrites `import { Truck, type LucideIcon } from "lucide-react"` into one import per icon module
 * (`import Truck from "lucide-react/icons/truck"`), leaving types and lucide's helpers on the package import.
 * Returns the source unchanged when it imports nothing from the package, and keeps every line where it was.
 */
export function rewriteLucideImports(source: string, files: Map<string, string>): string {
  return source.replace(IMPORT, (statement, specifiers: string) => {
    const icons: string[] = [];
    const rest: string[] = [];
    for (const raw of specifiers.split(",")) {
      const specifier = raw.trim();
      if (specifier === "") continue;
      const [, name, local = name] = specifier.match(/^(\w+)(?:\s+as\s+(\w+))?$/) ?? [];
      const file = name ? files.get(name) : undefined;
      if (file) icons.push(`import ${local} from "lucide-react/icons/${file}";`);
      else rest.push(specifier);
    }
    if (icons.length === 0) return statement;
    const kept = rest.length > 0 ? [`import { ${rest.join(", ")} } from "lucide-react";`] : [];
    const lineBreaks = "\n".repeat(statement.split("\n").length - 1);
    return [...kept, ...icons].join(" ") + lineBreaks;
  });
}

/**
 * lucide-react's entry re-exports all its icons. Rollup drops the ones nobody uses, but in the module graph
 * every icon's importer is that entry, whose importers are every component that uses any icon: the client's
 * chunk grouping (scripts/client-chunks.ts) would then count every icon as reached by every page, and put them
 * all in the chunk every page loads. Importing each icon's own module keeps an icon with the pages that show it.
 */
export function lucideImports(): Plugin {
  let files: Map<string, string> | undefined;
  return {
    name: "cueboard:lucide-imports",
    enforce: "pre",
    transform(code, id) {
      if (id.includes("/node_modules/") || !/\.tsx?$/.test(id.replace(/\?.*$/, "")) || !code.includes("lucide-react")) {
        return null;
      }
      files ??= iconFiles(
        readFileSync(createRequire(import.meta.url).resolve("lucide-react/dist/esm/lucide-react.mjs"), "utf8"),
      );
      const rewritten = rewriteLucideImports(code, files);
      return rewritten === code ? null : { code: rewritten, map: null };
    },
  };
}

import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { Plugin } from "vite";

const IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']lucide-react["'];?/g;
const REEXPORT = /export\s*\{([^}]*)\}\s*from\s*'\.\/icons\/([\w-]+)\.mjs'/g;
/** What a rewritten import names (`virtual:lucide-icon/truck`), and the module id it resolves to. */
const ICON_IMPORT = "virtual:lucide-icon/";
export const ICON_MODULE = "\0lucide-icon:";

/** One icon as lucide-react draws it: its module's file name, its box, its classes and its shapes. */
export interface IconDrawing {
  /** The module's file name (`truck`), the symbol's id. */
  name: string;
  width: number;
  height: number;
  /** lucide-react's classes for it: `lucide`, `lucide-<name>` and one per alias. */
  classes: string;
  /** The `<svg>`'s children as React writes them, each empty element closed by `/>`. */
  shapes: string;
}

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

/** The specifiers of `import { … } from "lucide-react"`: icons (by module file) and the rest (types, helpers). */
function readSpecifiers(specifiers: string, files: Map<string, string>) {
  const icons: { local: string; file: string }[] = [];
  const rest: string[] = [];
  for (const raw of specifiers.split(",")) {
    const specifier = raw.trim();
    if (specifier === "") continue;
    const [, name, local = name] = specifier.match(/^(\w+)(?:\s+as\s+(\w+))?$/) ?? [];
    const file = name ? files.get(name) : undefined;
    if (file) icons.push({ local, file });
    else rest.push(specifier);
  }
  return { icons, rest };
}

/** The icon modules (`truck`) a source file imports from lucide-react. */
export function importedIcons(source: string, files: Map<string, string>): string[] {
  return [...source.matchAll(IMPORT)].flatMap(([, specifiers]) =>
    readSpecifiers(specifiers, files).icons.map(({ file }) => file),
  );
}

/**
 * Rewrites `import { Truck, type LucideIcon } from "lucide-react"` into one import per icon of the sprite's
 * component for it (`import Truck from "virtual:lucide-icon/truck"`), leaving types and lucide's helpers on the
 * package import. Returns the source unchanged when it imports nothing from the package, and keeps every line
 * where it was.
 */
export function rewriteLucideImports(source: string, files: Map<string, string>): string {
  return source.replace(IMPORT, (statement, specifiers: string) => {
    const { icons, rest } = readSpecifiers(specifiers, files);
    if (icons.length === 0) return statement;
    const kept = rest.length > 0 ? [`import { ${rest.join(", ")} } from "lucide-react";`] : [];
    const imports = icons.map(({ local, file }) => `import ${local} from "${ICON_IMPORT}${file}";`);
    const lineBreaks = "\n".repeat(statement.split("\n").length - 1);
    return [...kept, ...imports].join(" ") + lineBreaks;
  });
}

const SVG_MARKUP = /^<svg([^>]*)>([\s\S]*)<\/svg>$/;

function attributeOf(attributes: string, name: string) {
  return attributes.match(new RegExp(` ${name}="([^"]*)"`))?.[1];
}

/**
 * What an icon component draws, read from React's own rendering of it with no props: the box of its `viewBox`, its
 * classes, and its children with an empty element written `<path/>` rather than `<path></path>`.
 */
export function drawIcon(name: string, icon: ComponentType): IconDrawing {
  const markup = renderToStaticMarkup(createElement(icon));
  const [, attributes, children] = markup.match(SVG_MARKUP) ?? [];
  if (attributes === undefined || children === undefined) throw new Error(`lucide-react's ${name} draws no <svg>`);
  const [width = 24, height = 24] = (attributeOf(attributes, "viewBox") ?? "").split(" ").slice(2).map(Number);
  const shapes = children.replace(/><\/\w+>/g, "/>");
  return { name, width, height, classes: attributeOf(attributes, "class") ?? "", shapes };
}

/**
 * One icon's `<symbol>`: lucide's shapes with their own attributes only (no stroke or fill of the icon's), so they
 * take the `<svg>`'s through `<use>`, as they take them from the `<svg>` lucide-react renders them in.
 */
export function spriteSymbol(icon: IconDrawing): string {
  return `<symbol id="${icon.name}" viewBox="0 0 ${icon.width} ${icon.height}">${icon.shapes}</symbol>`;
}

/** The sprite: every icon's symbol, by name, so the same icons make the same file (and hash) in every build. */
export function buildSprite(icons: IconDrawing[]): string {
  const symbols = [...icons].sort((a, b) => (a.name < b.name ? -1 : 1)).map(spriteSymbol);
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join("\n")}\n</svg>\n`;
}

/** The module a rewritten import gets: the sprite's component for one icon. */
export function iconModule(icon: IconDrawing, spriteUrl: string, component: string): string {
  const { width, height } = icon;
  const box = width === 24 && height === 24 ? "" : `, ${width}, ${height}`;
  const args = `${JSON.stringify(`${spriteUrl}#${icon.name}`)}, ${JSON.stringify(icon.classes)}${box}`;
  return `import { createIcon } from ${JSON.stringify(component)};\nexport default createIcon(${args});\n`;
}

const require = createRequire(import.meta.url);

/** lucide-react's export names to icon module files (`iconFiles` of its entry). */
export function lucideIconFiles(): Map<string, string> {
  return iconFiles(readFileSync(require.resolve("lucide-react/dist/esm/lucide-react.mjs"), "utf8"));
}

/** What lucide-react draws for one icon module (`truck`): its public component, `lucide-react/icons/truck`, drawn. */
export async function loadIconDrawing(file: string): Promise<IconDrawing> {
  const { default: icon } = (await import(pathToFileURL(require.resolve(`lucide-react/icons/${file}`)).href)) as {
    default: ComponentType;
  };
  return drawIcon(file, icon);
}

export interface Sprite {
  /** The file's text. */
  source: string;
  /** Its path in the client build, hashed: `assets/icons-<hash>.svg`. */
  fileName: string;
  /** Its icons by module file (`truck`). */
  icons: Map<string, IconDrawing>;
}

/** The sprite of every icon the sources under `dir` (.ts, .tsx) import from lucide-react. */
export async function readSprite(dir: string, files: Map<string, string>, assetsDir = "assets"): Promise<Sprite> {
  const names = new Set(
    readdirSync(dir, { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
      .flatMap((entry) => importedIcons(readFileSync(join(entry.parentPath, entry.name), "utf8"), files)),
  );
  const icons = new Map<string, IconDrawing>();
  for (const file of [...names].sort()) icons.set(file, await loadIconDrawing(file));
  const source = buildSprite([...icons.values()]);
  const hash = createHash("sha256").update(source).digest("base64url").slice(0, 8);
  return { source, fileName: `${assetsDir}/icons-${hash}.svg`, icons };
}

/**
 * Icons from one SVG sprite (docs/decisions/027-icons-from-a-sprite.md). Every import of an icon from lucide-react
 * becomes an import of a small component for it (app/components/ui/icon.tsx) that renders lucide's `<svg>` around a
 * `<use>` of the icon's symbol, and the client build writes the sprite: one `<symbol>` per icon the app's sources
 * import, made from the shapes lucide-react itself would draw, as a hashed asset (`assets/icons-<hash>.svg`).
 *
 * The icons are read from the sources under `app/` when a build starts, not gathered as modules pass through: the
 * client and server builds then make the same sprite, so the address the server renders is the file the client
 * build wrote (only the client build writes it). An icon's component is a module of its own, one line, so it goes
 * with the pages that show it (scripts/client-chunks.ts) and lucide-react's code reaches no bundle.
 */
export function lucideImports(): Plugin {
  const files = lucideIconFiles();
  let root = process.cwd();
  let assetsDir = "assets";
  let base = "/";
  let ssr = false;
  let sprite: Sprite | undefined;

  return {
    name: "cueboard:lucide-imports",
    enforce: "pre",
    configResolved(config) {
      root = config.root;
      assetsDir = config.build.assetsDir;
      base = config.base;
      ssr = Boolean(config.build.ssr);
    },
    async buildStart() {
      sprite = await readSprite(join(root, "app"), files, assetsDir);
    },
    transform(code, id) {
      if (id.includes("/node_modules/") || !/\.tsx?$/.test(id.replace(/\?.*$/, "")) || !code.includes("lucide-react")) {
        return null;
      }
      const missing = importedIcons(code, files).filter((file) => !sprite?.icons.has(file));
      if (missing.length > 0) {
        throw new Error(`${id} imports lucide icons (${missing.join(", ")}) the sprite, made from app/, does not hold`);
      }
      const rewritten = rewriteLucideImports(code, files);
      return rewritten === code ? null : { code: rewritten, map: null };
    },
    resolveId(id) {
      return id.startsWith(ICON_IMPORT) ? ICON_MODULE + id.slice(ICON_IMPORT.length) : null;
    },
    load(id) {
      if (!id.startsWith(ICON_MODULE) || !sprite) return null;
      const icon = sprite.icons.get(id.slice(ICON_MODULE.length));
      if (!icon) throw new Error(`no icon ${id.slice(ICON_MODULE.length)} in the sprite`);
      return iconModule(icon, base + sprite.fileName, join(root, "app/components/ui/icon.tsx"));
    },
    generateBundle() {
      // The Worker serves the client build's files; the server build only needs the address.
      if (!ssr && sprite) this.emitFile({ type: "asset", fileName: sprite.fileName, source: sprite.source });
    },
  };
}

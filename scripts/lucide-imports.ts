import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Plugin } from "vite";

const IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']lucide-react["'];?/g;
const REEXPORT = /export\s*\{([^}]*)\}\s*from\s*'\.\/icons\/([\w-]+)\.mjs'/g;
/** What a rewritten import names (`virtual:lucide-icon/truck`), and the module id it resolves to. */
const ICON_IMPORT = "virtual:lucide-icon/";
export const ICON_MODULE = "\0lucide-icon:";

/** A shape of an icon as lucide keeps it: tag, attributes (with React's `key`), and in principle children. */
export type IconShape = [tag: string, attributes: Record<string, string | number>, children?: IconShape[]];
/** An icon as lucide-react draws it: the `__iconData` each of its icon modules exports. */
export interface IconData {
  name: string;
  node: IconShape[];
  aliases?: string[];
  size?: number;
  width?: number;
  height?: number;
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

const escapeAttribute = (value: string | number) => String(value).replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

function shapeMarkup([tag, attributes, children]: IconShape): string {
  const attrs = Object.entries(attributes)
    .filter(([name]) => name !== "key")
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join("");
  return children?.length ? `<${tag}${attrs}>${children.map(shapeMarkup).join("")}</${tag}>` : `<${tag}${attrs}/>`;
}

/** The icon's box: lucide-react's viewBox for it. */
const iconBox = (icon: IconData) => [icon.size ?? icon.width ?? 24, icon.size ?? icon.height ?? 24] as const;

/**
 * One icon's `<symbol>`: lucide's shapes with their own attributes only (no stroke or fill of the icon's), so they
 * take the `<svg>`'s through `<use>`, as they take them from the `<svg>` lucide-react renders them in.
 */
export function spriteSymbol(icon: IconData): string {
  const [width, height] = iconBox(icon);
  return `<symbol id="${icon.name}" viewBox="0 0 ${width} ${height}">${icon.node.map(shapeMarkup).join("")}</symbol>`;
}

/** The sprite: every icon's symbol, by name, so the same icons make the same file (and hash) in every build. */
export function buildSprite(icons: IconData[]): string {
  const symbols = [...icons].sort((a, b) => (a.name < b.name ? -1 : 1)).map(spriteSymbol);
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join("\n")}\n</svg>\n`;
}

/** lucide-react's classes for an icon: `lucide`, `lucide-<name>` and one per alias. */
export function iconClasses(icon: IconData): string {
  const aliases = (icon.aliases ?? []).filter((alias) => alias.trim() !== "").map((alias) => `lucide-${alias}`);
  return [...new Set(["lucide", `lucide-${icon.name}`, ...aliases])].join(" ");
}

/** The module a rewritten import gets: the sprite's component for one icon. */
export function iconModule(icon: IconData, spriteUrl: string, component: string): string {
  const [width, height] = iconBox(icon);
  const box = width === 24 && height === 24 ? "" : `, ${width}, ${height}`;
  const args = `${JSON.stringify(`${spriteUrl}#${icon.name}`)}, ${JSON.stringify(iconClasses(icon))}${box}`;
  return `import { createIcon } from ${JSON.stringify(component)};\nexport default createIcon(${args});\n`;
}

const require = createRequire(import.meta.url);

/** lucide-react's export names to icon module files (`iconFiles` of its entry). */
export function lucideIconFiles(): Map<string, string> {
  return iconFiles(readFileSync(require.resolve("lucide-react/dist/esm/lucide-react.mjs"), "utf8"));
}

/** What lucide-react draws for one icon module (`truck`): the `__iconData` the module exports. */
export async function loadIconData(file: string): Promise<IconData> {
  const url = pathToFileURL(require.resolve(`lucide-react/dist/esm/icons/${file}.mjs`)).href;
  const { __iconData: icon } = (await import(url)) as { __iconData?: IconData };
  if (!icon?.node) throw new Error(`lucide-react/dist/esm/icons/${file}.mjs exports no __iconData`);
  return icon;
}

export interface Sprite {
  /** The file's text. */
  source: string;
  /** Its path in the client build, hashed: `assets/icons-<hash>.svg`. */
  fileName: string;
  /** Its icons by module file (`truck`). */
  icons: Map<string, IconData>;
}

/** The sprite of every icon the sources under `dir` (.ts, .tsx) import from lucide-react. */
export async function readSprite(dir: string, files: Map<string, string>, assetsDir = "assets"): Promise<Sprite> {
  const names = new Set(
    readdirSync(dir, { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
      .flatMap((entry) => importedIcons(readFileSync(join(entry.parentPath, entry.name), "utf8"), files)),
  );
  const icons = new Map<string, IconData>();
  for (const file of [...names].sort()) icons.set(file, await loadIconData(file));
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

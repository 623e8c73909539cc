import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/** The README is the front door (issue 31): a newcomer reads it whole, so it stays short. */
const README_MAX_LINES = 220;

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return name.endsWith(".md") ? [path] : [];
  });
}

const withoutFences = (text: string) => text.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, "");

/** Prose without fenced code blocks or code spans, where a `[x](y)` is an example, not a link. */
const withoutCode = (text: string) => withoutFences(text).replace(/`[^`\n]*`/g, "");

/** The targets of inline links and images, `[text](target)` and `![alt](target)`, with any title dropped. */
function linkTargets(markdown: string) {
  const targets: string[] = [];
  for (const match of withoutCode(markdown).matchAll(/\]\(([^()\s]+)(?:\s+"[^"\n]*")?\)/g)) targets.push(match[1]);
  return targets;
}

/** A target inside this repository: not a URL with a scheme (`https:`, `mailto:`). */
const isRelative = (target: string) => !/^[a-z][a-z0-9+.-]*:/i.test(target);

const files = [join(root, "README.md"), ...markdownFiles(join(root, "docs"))];

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function headingAnchor(heading: string) {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, "")
    .replace(/ /g, "-");
}

function anchorsOf(file: string) {
  const headings = withoutFences(readFileSync(file, "utf8")).matchAll(/^#{1,6} (.+)$/gm);
  return new Set([...headings].map((match) => headingAnchor(match[1].trim())));
}

/** Why a relative link from `file` leads nowhere, or null when it reaches an existing file (and heading). */
function brokenBecause(file: string, target: string) {
  const [path, anchor] = target.split("#");
  const linked = path === "" ? file : resolve(dirname(file), decodeURI(path));
  if (!existsSync(linked)) return "no such file";
  if (anchor && linked.endsWith(".md") && !anchorsOf(linked).has(anchor)) return "no such heading";
  return null;
}

describe("the docs' links", () => {
  it("finds the README and the docs", () => {
    expect(files.map((file) => relative(root, file))).toEqual(
      expect.arrayContaining(["README.md", "docs/features.md", "docs/api.md", "docs/benchmarks.md"]),
    );
  });

  it.each(files.map((file) => [relative(root, file), file]))(
    "%s links only to files and headings that exist",
    (_, file) => {
      const broken = linkTargets(readFileSync(file, "utf8"))
        .filter(isRelative)
        .map((target) => ({ target, problem: brokenBecause(file, target) }))
        .filter(({ problem }) => problem !== null);
      expect(broken).toEqual([]);
    },
  );

  it(`keeps the README under ${README_MAX_LINES} lines`, () => {
    const lines = readFileSync(join(root, "README.md"), "utf8").trimEnd().split("\n").length;
    expect(lines).toBeLessThan(README_MAX_LINES);
  });
});

describe("linkTargets", () => {
  it("reads inline links and images, and skips code", () => {
    const markdown = [
      'See [ADR 1](docs/decisions/001-x.md#context) and ![shot](docs/images/a.png "A shot").',
      "A [link over",
      "two lines](docs/api.md), [a site](https://example.com) and [an anchor](#deploy).",
      "`[not](a-link.md)`",
      "```",
      "[also not](code.md)",
      "```",
    ].join("\n");
    expect(linkTargets(markdown)).toEqual([
      "docs/decisions/001-x.md#context",
      "docs/images/a.png",
      "docs/api.md",
      "https://example.com",
      "#deploy",
    ]);
    expect(linkTargets(markdown).filter(isRelative)).toEqual([
      "docs/decisions/001-x.md#context",
      "docs/images/a.png",
      "docs/api.md",
      "#deploy",
    ]);
  });

  it("makes GitHub's heading anchors", () => {
    expect(headingAnchor("Show mode, live")).toBe("show-mode-live");
    expect(headingAnchor("Sign-in and the CRM")).toBe("sign-in-and-the-crm");
    expect(headingAnchor("Run it, test it")).toBe("run-it-test-it");
    expect(headingAnchor("`/api/tasks` and 304s")).toBe("apitasks-and-304s");
  });
});

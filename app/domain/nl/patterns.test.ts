import { ESLint } from "eslint";
import { afterAll, expect, it } from "vitest";

/**
 * Lint proves regex literals and patterns built from constants in the same file linear, but it cannot read a
 * pattern assembled from another module's word lists (WEEKDAY_PATTERN …) or inside a helper (`rule`, `custom`).
 * Lint forbids building patterns anywhere but at module load, so recording every `new RegExp` while the parser
 * modules load catches them all; each is then handed, as a literal, to the same lint rules.
 */
const built: RegExp[] = [];
const NativeRegExp = RegExp;
globalThis.RegExp = new Proxy(NativeRegExp, {
  construct(target, args: [string | RegExp, string?]) {
    const re = new target(...args);
    // Only patterns our modules build (the stack's third line is the caller), not chrono-node's own.
    if (new Error().stack?.split("\n")[2]?.includes("/app/domain/nl/")) built.push(re);
    return re;
  },
});
afterAll(() => {
  globalThis.RegExp = NativeRegExp;
});

it("every pattern the rules parser builds at load passes the regexp lint rules", { timeout: 60_000 }, async () => {
  await import("./parse-rules");
  globalThis.RegExp = NativeRegExp;
  // The helpers' patterns (dates, priorities) and those built from the shared word lists.
  expect(built.length).toBeGreaterThan(40);

  const source = built.map((re, i) => `export const p${i} = /${re.source}/${re.flags};`).join("\n");
  const [result] = await new ESLint().lintText(source, { filePath: "app/domain/nl/built-patterns.ts" });
  const lines = source.split("\n");
  const problems = result.messages.map((m) => `${m.ruleId}: ${lines[m.line - 1]} ${m.message}`);
  expect(problems).toEqual([]);
});

import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import regexp from "eslint-plugin-regexp";
import prettier from "eslint-config-prettier";
import tseslint from "typescript-eslint";

/** An import of one of the app's layers (`~/models/tasks`, or `../models/tasks` from a neighbouring folder). */
const layer = (...names) => `^(?:~/|(?:\\.\\./)+)(?:${names.join("|")})(?:/|$)`;

/**
 * Libraries through their public entry points only. A module a package's documentation never names is its
 * implementation: it changes in a patch release without notice. That covers build folders (`dist`, `cjs`, `esm`,
 * `src`, `lib`, `internal`, `_private`), React's per-platform builds (`react-dom/server.node`: `react-dom/server`
 * picks the build by export conditions), the files beneath drizzle's dialects and drivers (its entry points are
 * `drizzle-orm`, `drizzle-orm/<driver>`, `drizzle-orm/<dialect>-core` and `drizzle-orm/<driver>/migrator`), and
 * drizzle's sessions and dialects, which its public entries export as types: a database comes from `drizzle()`.
 */
const libraryInternals = {
  paths: [
    {
      name: "drizzle-orm/d1",
      importNames: ["SQLiteD1Session", "D1PreparedQuery"],
      allowTypeImports: true,
      message: "Make the database with drizzle() from drizzle-orm/d1; its session and queries are drizzle's own.",
    },
    {
      name: "drizzle-orm/sqlite-core",
      importNames: ["SQLiteAsyncDialect", "SQLiteSyncDialect", "SQLiteDialect", "SQLiteSession", "SQLitePreparedQuery"],
      allowTypeImports: true,
      message: "drizzle's dialect, session and prepared-query classes are its implementation: use them as types.",
    },
  ],
  patterns: [
    {
      regex: "^(?:@[^/]+/)?[^./~@:][^/:]*/(?:[^/]+/)*(?:dist|build|cjs|esm|es|umd|src|lib|internals?|_[^/]*)(?:/|$)",
      message: "That is a library's build or source file: import its documented entry point.",
    },
    {
      regex: "^react-dom/(?:server|static)\\.",
      message: "Import react-dom/server (or react-dom/static): React picks the platform build by export conditions.",
    },
    {
      regex: "^drizzle-orm/[^/]+/(?!migrator$)",
      message:
        "That is a file of drizzle's implementation: import drizzle-orm, drizzle-orm/d1 or drizzle-orm/sqlite-core.",
    },
  ],
};

/**
 * The layers: routes call services, services call models, the domain and the integrations, and the domain calls
 * nothing that does I/O. Each layer's patterns join the library rules above, because a file takes only the last
 * `no-restricted-imports` setting that matches it.
 */
const restrictImports = (...patterns) => [
  "error",
  { paths: libraryInternals.paths, patterns: [...libraryInternals.patterns, ...patterns] },
];

/** The libraries the domain may use: pure computation. Another joins only if it touches no network, storage or binding. */
const PURE_LIBRARIES = ["zod", "chrono-node", "rrule", "ical-generator", "lru-cache"];

/**
 * typescript-eslint's recommended rules (syntax only, no type information, so lint stays fast; `tsc` checks
 * types), the rules of hooks, jsx-a11y's recommended rules, and linear regular expressions (issue 12).
 * Formatting is Prettier's alone: eslint-config-prettier, last, turns off every rule that would fight it.
 */
export default tseslint.config(
  { ignores: ["build/**", ".wrangler/**", "node_modules/**", "public/**", "worker-configuration.d.ts"] },
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
    languageOptions: { ecmaVersion: "latest", sourceType: "module" },
  },
  tseslint.configs.recommended,
  {
    rules: {
      // `_name` marks a parameter a signature needs but the body does not read.
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true },
      ],
      // `interface Env extends Secrets {}` merges declarations (workers/secrets.d.ts).
      "@typescript-eslint/no-empty-object-type": ["error", { allowInterfaces: "with-single-extends" }],
    },
  },
  {
    // Tests read untyped JSON from real responses and assert on its fields; typing every payload would restate
    // the app's types in each test.
    files: ["tests/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: ["app/**/*.tsx"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      ...jsxA11y.flatConfigs.recommended.rules,
      // A region that scrolls sideways takes focus so keyboard users can scroll it (axe: scrollable-region-focusable).
      "jsx-a11y/no-noninteractive-tabindex": ["error", { tags: [], roles: ["tabpanel", "region"] }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}", "workers/**/*.ts", "load-context.ts"],
    plugins: { regexp },
    rules: {
      "regexp/no-super-linear-backtracking": ["error", { report: "potential" }],
      "regexp/no-super-linear-move": ["error", { ignoreSticky: false }],
      // Ambiguous alternatives are the other road to exponential backtracking.
      "regexp/no-dupe-disjunctions": ["error", { report: "trivial" }],
      "no-control-regex": "error",
      // A pattern built while handling a request could carry the request's text; patterns are built once,
      // at module load, from constants, where the rules above (and app/domain/nl/patterns.test.ts) can read them.
      "no-restricted-syntax": [
        "error",
        {
          selector: ":function :matches(NewExpression, CallExpression)[callee.name='RegExp']",
          message: "Build regular expressions at module level from constants, so lint can prove them linear.",
        },
      ],
    },
  },
  {
    files: ["**/*.{js,mjs,ts,tsx}"],
    rules: { "@typescript-eslint/no-restricted-imports": restrictImports() },
  },
  {
    files: ["app/routes/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": restrictImports({
        regex: `${layer("models", "db")}|^drizzle-orm(?:/|$)`,
        message: "Routes call services (app/services), which read and write through the models.",
      }),
    },
  },
  {
    files: ["app/services/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": restrictImports({
        regex: layer("http", "routes", "components"),
        message: "Only app/http touches Request and Response: a service takes (ctx, input) and returns data or throws.",
      }),
    },
  },
  {
    files: ["app/models/**", "app/db/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": restrictImports({
        regex: layer("services", "http", "integrations", "routes", "components"),
        message: "Models are queries, (db, args) → rows: services call them, not the other way round.",
      }),
    },
  },
  {
    // Components run in the browser too: they take data as props and name its types.
    files: ["app/components/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": restrictImports(
        { regex: layer("models", "db", "http"), message: "Components get data from their route's loader." },
        {
          regex: layer("services"),
          allowTypeImports: true,
          message: "Components get data from their route's loader; import a service's types with `import type`.",
        },
      ),
    },
  },
  {
    files: ["app/domain/**"],
    ignores: ["app/domain/**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": restrictImports(
        {
          regex: `^~/(?!domain/)|${layer("db", "models", "services", "http", "integrations", "lib", "routes", "components")}`,
          message: "app/domain is pure logic: it imports other domain modules only (I/O belongs in services).",
        },
        {
          regex: `^(?![./~])(?!(?:${PURE_LIBRARIES.join("|")})(?:/|$))`,
          message: `app/domain imports no library that can do I/O (cloudflare:*, drizzle-orm, node:*): only ${PURE_LIBRARIES.join(", ")}.`,
        },
      ),
    },
  },
  prettier,
);

import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import regexp from "eslint-plugin-regexp";
import prettier from "eslint-config-prettier";
import tseslint from "typescript-eslint";

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
  prettier,
);

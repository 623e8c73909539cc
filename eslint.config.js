import regexp from "eslint-plugin-regexp";
import tseslint from "typescript-eslint";

/**
 * Lint for now guards one thing: every regular expression is linear, so no input can stall the Worker
 * (issue 12). The wider rule set (React hooks, accessibility, formatting) comes with the architecture issue.
 */
export default [
  {
    files: ["app/**/*.{ts,tsx}", "workers/**/*.ts", "load-context.ts"],
    languageOptions: { parser: tseslint.parser, ecmaVersion: "latest", sourceType: "module" },
    linterOptions: { reportUnusedDisableDirectives: "error" },
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
];

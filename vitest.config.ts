import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
        test: { name: "unit", environment: "node", include: ["app/**/*.test.ts", "scripts/**/*.test.ts"] },
      },
      "./vitest.workers.config.ts",
      "./vitest.workers-ai.config.ts",
    ],
  },
});

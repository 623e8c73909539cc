import { defineProject } from "vitest/config";
import { workersProject } from "./tests/worker/project";

/**
 * The Worker with a fake Workers AI binding (tests/fakes/workers-ai.js), so the AI paths of the parser and
 * the assistant run end to end: answers, timeouts and malformed output. The default `workers` project keeps
 * no AI binding, like local development, and tests the rules engine.
 */
export default defineProject(
  workersProject({
    name: "workers-ai",
    include: ["tests/worker-ai/**/*.test.ts"],
    miniflare: () => ({
      serviceBindings: { AI: "fake-workers-ai" },
      workers: [
        {
          name: "fake-workers-ai",
          modules: true,
          scriptPath: "./tests/fakes/workers-ai.js",
          compatibilityDate: "2025-09-01",
        },
      ],
    }),
  }),
);

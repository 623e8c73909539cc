import type { TestProject } from "vitest/node";
import { startFakeSlackApi } from "../fakes/slack-api";

declare module "vitest" {
  export interface ProvidedContext {
    /** Base URL of the fake Slack server (tests/fakes/slack-api.ts). */
    slackFakeUrl: string;
  }
}

/** Starts the fake Slack Web API once for the Workers tests; its address reaches the Worker as SLACK_API_URL. */
export default async function setup(project: TestProject) {
  const fake = await startFakeSlackApi();
  project.provide("slackFakeUrl", fake.url);
  return () => fake.close();
}

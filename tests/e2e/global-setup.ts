import { startFakeSlackApi } from "../fakes/slack-api";
import { SLACK_FAKE_PORT } from "./slack-fake";

/** Starts the fake Slack Web API for the run; the Worker only calls it when a test makes it. */
export default async function globalSetup() {
  const fake = await startFakeSlackApi(SLACK_FAKE_PORT);
  return () => fake.close();
}

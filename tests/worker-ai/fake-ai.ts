import { env } from "cloudflare:workers";
import { expect } from "vitest";

/** A call the fake Workers AI (tests/fakes/workers-ai.js) received, and whether it has answered yet. */
export interface ModelCall {
  model: string;
  user: string;
  answered: boolean;
}

/** The fake Workers AI bound as env.AI in this project, with the controls tests use. */
export function fakeAi() {
  return env.AI as unknown as {
    recordedCalls(): Promise<ModelCall[]>;
    releaseSlowCalls(): Promise<void>;
  };
}

/**
 * Asserts that the model was asked about `text` and has not answered: a reply that came meanwhile did not wait for
 * it. Then lets the held `[slow]` calls finish, so none outlives the test.
 */
export async function expectUnansweredThenRelease(text: string) {
  const answered = (await fakeAi().recordedCalls()).filter((c) => c.user.includes(text)).map((c) => c.answered);
  expect(answered).not.toHaveLength(0);
  expect(answered).not.toContain(true);
  await fakeAi().releaseSlowCalls();
}

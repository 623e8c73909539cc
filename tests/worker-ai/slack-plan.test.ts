import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { installSlack, slashCommand, waitForRecorded } from "../worker/slack-helpers";
import { setTier } from "../worker/teams-helpers";

/** The calls the fake Workers AI (tests/fakes/workers-ai.js) has answered, oldest first. */
async function modelCalls() {
  const { AI } = env as unknown as { AI: { recordedCalls(): Promise<{ model: string; user: string }[]> } };
  return AI.recordedCalls();
}

/** Runs `/new` as the installer and waits for its reply at the response_url: the parse is done by then. */
async function newTask(inst: Awaited<ReturnType<typeof installSlack>>, text: string) {
  const { res, hook } = await slashCommand(inst, "/new", text);
  expect(res.status).toBe(200);
  const [reply] = await waitForRecorded({ path: hook });
  return JSON.stringify(reply.body);
}

describe("Slack's /new follows the workspace's plan", () => {
  it("parses with the rules engine in a Basic workspace, never calling Workers AI, and with the model on Premium", async () => {
    const inst = await installSlack("Maria Lopez");
    await setTier(inst.account.user.id, "basic");
    const basic = `Book the shuttle buses ${crypto.randomUUID().slice(0, 8)} by Friday`;
    expect(await newTask(inst, basic)).toContain("Task created");
    expect((await modelCalls()).some((call) => call.user.includes(basic))).toBe(false);

    await setTier(inst.account.user.id, "premium");
    const premium = `Print the wristbands ${crypto.randomUUID().slice(0, 8)} by Friday`;
    expect(await newTask(inst, premium)).toContain("Task created");
    expect((await modelCalls()).some((call) => call.user.includes(premium))).toBe(true);
  });
});

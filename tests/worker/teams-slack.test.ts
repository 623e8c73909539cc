import { describe, expect, it } from "vitest";
import { addDays, todayIn } from "~/domain/dates";
import { call, listTasks, newTask, signUp } from "./helpers";
import { buttonsOf, clickButton, installSlack, linkThroughSlack, readableText, slashCommand, waitForRecorded } from "./slack-helpers";
import { acceptInvite, createInvite } from "./teams-helpers";

const today = () => todayIn("UTC", new Date());

async function replyTo(hook: string) {
  const [reply] = await waitForRecorded({ path: hook });
  return reply.body as { text: string; blocks: any[] };
}

/** An installed team with a second member whose Slack user is linked. */
async function slackTeam() {
  const inst = await installSlack("Maria Lopez");
  const crew = await signUp("Sam Okafor");
  const { token } = await createInvite(inst.account);
  expect((await acceptInvite(crew, token)).status).toBe(200);
  const slackUserId = `UCREW${crypto.randomUUID().slice(0, 8).toUpperCase().replace(/-/g, "")}`;
  await linkThroughSlack(inst, crew, slackUserId);
  return { inst, crew, slackUserId };
}

const titlesOf = (reply: { blocks: any[] }) =>
  reply.blocks.filter((b) => b.block_id?.startsWith("task:")).map((b) => /\*(.+?)\*/.exec(b.text.text)![1]);

describe("Slack for a team", () => {
  it("/tasks lists the caller's own tasks first", async () => {
    const { inst, crew, slackUserId } = await slackTeam();
    await newTask(inst.account.token, {
      title: "Urgent for Maria",
      dueDate: addDays(today(), -1),
      priority: "critical",
      assigneeId: inst.account.user.id,
    });
    await newTask(inst.account.token, {
      title: "Later for Sam",
      dueDate: addDays(today(), 9),
      assigneeId: crew.user.id,
    });
    await newTask(inst.account.token, { title: "Nobody's", dueDate: today() });

    const asSam = await replyTo((await slashCommand(inst, "/tasks", "", { userId: slackUserId })).hook);
    expect(titlesOf(asSam), readableText(asSam)).toEqual(["Later for Sam", "Urgent for Maria", "Nobody's"]);
    expect(readableText(asSam)).toContain("Yours first: 1 assigned to you.");

    const asMaria = await replyTo((await slashCommand(inst, "/tasks")).hook);
    expect(titlesOf(asMaria)).toEqual(["Urgent for Maria", "Nobody's", "Later for Sam"]);
  });

  it("'Assign to me' assigns the clicking member by id", async () => {
    const { inst, crew, slackUserId } = await slackTeam();
    const task = await newTask(inst.account.token, { title: "Pick up the radios" });
    const list = await replyTo((await slashCommand(inst, "/tasks", "", { userId: slackUserId })).hook);
    const assign = buttonsOf(list).find((b) => b.action_id === "task_assign_to_me")!;
    await replyTo((await clickButton(inst, assign, slackUserId)).hook);
    const [mine] = await listTasks(crew.token, "?mine=1");
    expect(mine).toMatchObject({ id: task.id, assigneeId: crew.user.id, assigneeName: "Sam Okafor" });
  });

  it("a removed member's Slack user is asked to link an account instead", async () => {
    const { inst, crew, slackUserId } = await slackTeam();
    const removed = await call(`/api/workspace/members/${crew.user.id}`, {
      method: "DELETE",
      token: inst.account.token,
    });
    expect(removed.status).toBe(200);
    const { res } = await slashCommand(inst, "/tasks", "", { userId: slackUserId });
    expect(readableText(await res.json())).toMatch(/link/i);
  });
});

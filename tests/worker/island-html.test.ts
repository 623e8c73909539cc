import { describe, expect, it } from "vitest";
import { islandInnerHtml } from "~/lib/island-html.server";
import { call, localDate, newTask, shiftDate, signUp, updateTask, type Account } from "./helpers";

/**
 * The dashboard's planning and Slack cards are islands whose server HTML is kept between renders while their props
 * hold (app/lib/island-html.server.ts): a kept render writes what a fresh one writes, and a change to what they show
 * reaches the next render.
 */

async function dashboardIslands(account: Account) {
  const res = await call("/dashboard", { token: account.token });
  const html = await res.text();
  expect(res.status).toBe(200);
  return { planning: islandInnerHtml(html, "planning"), slack: islandInnerHtml(html, "slack") };
}

async function producerWithOverdueTask(name: string, title: string) {
  const account = await signUp(name);
  const task = await newTask(account.token, {
    title,
    priority: "critical",
    dueDate: shiftDate(localDate(new Date(), "UTC"), -3),
  });
  return { account, task };
}

describe("kept island HTML on the dashboard", () => {
  it("writes the planning and Slack cards the same from one render to the next", async () => {
    const { account } = await producerWithOverdueTask("Maria Lopez", "Sign the stage contract");
    const first = await dashboardIslands(account);
    expect(first.planning).toContain("Sign the stage contract");
    expect(first.slack).toContain("Chat Integration");
    const again = await dashboardIslands(account);
    expect(again).toEqual(first);
  });

  it("writes the cards anew when what they show changes", async () => {
    const { account, task } = await producerWithOverdueTask("Maria Lopez", "Sign the stage contract");
    await dashboardIslands(account);
    await dashboardIslands(account);
    expect((await updateTask(account.token, task.id, { title: "Sign the lighting contract" })).res.status).toBe(200);
    const changed = await dashboardIslands(account);
    expect(changed.planning).toContain("Sign the lighting contract");
    expect(changed.planning).not.toContain("Sign the stage contract");
  });

  it("keeps each workspace's cards to itself", async () => {
    const maria = await producerWithOverdueTask("Maria Lopez", "Hire the sound crew");
    const sam = await producerWithOverdueTask("Sam Okafor", "Order the lanyards");
    await dashboardIslands(maria.account);
    await dashboardIslands(maria.account);
    const samCards = await dashboardIslands(sam.account);
    expect(samCards.planning).toContain("Order the lanyards");
    expect(samCards.planning).not.toContain("Hire the sound crew");
  });
});

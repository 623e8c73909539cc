import { describe, expect, it } from "vitest";
import { innerHtml } from "~/lib/kept-html.server";
import { call, localDate, newTask, postForm, shiftDate, signUp, updateTask, type Account } from "./helpers";

/**
 * Server markup kept between renders while the data it is made from holds (app/lib/kept-html.server.ts): the
 * dashboard's planning and Slack cards (islands) and the tasks page's cards. A kept render writes what a fresh one
 * writes, a change to what they show reaches the next render, and the answer to a form post is rendered afresh.
 */

async function dashboardIslands(account: Account) {
  const res = await call("/dashboard", { token: account.token });
  const html = await res.text();
  expect(res.status).toBe(200);
  return {
    planning: innerHtml(html, '<div data-island="planning"'),
    slack: innerHtml(html, '<div data-island="slack"'),
    ai: innerHtml(html, '<div data-island="ai-tasks"'),
    assistant: innerHtml(html, '<div data-island="assistant"'),
  };
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
  it("writes the dashboard's islands the same from one render to the next", async () => {
    const { account } = await producerWithOverdueTask("Maria Lopez", "Sign the stage contract");
    const first = await dashboardIslands(account);
    expect(first.planning).toContain("Sign the stage contract");
    expect(first.slack).toContain("Chat Integration");
    expect(first.ai).toContain("Add with AI");
    expect(first.assistant).toContain("Ask the assistant");
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

  it("writes the tasks page's cards the same from one render to the next, and anew for another list or a change", async () => {
    const { account, task } = await producerWithOverdueTask("Maria Lopez", "Sign the stage contract");
    await newTask(account.token, { title: "Book the hotel", priority: "low" });
    const cards = async (path: string) => {
      const res = await call(path, { token: account.token });
      expect(res.status, path).toBe(200);
      return innerHtml(await res.text(), '<div data-kept="task-list"');
    };
    const first = await cards("/tasks");
    expect(first).toContain("Sign the stage contract");
    expect(first).toContain("Book the hotel");
    expect(await cards("/tasks")).toBe(first);

    // Another list: other cards, and links that keep its query string.
    const high = await cards("/tasks?priority=critical");
    expect(high).toContain("Sign the stage contract");
    expect(high).not.toContain("Book the hotel");
    expect(high).toContain(`href="/tasks/${task.id}?priority=critical"`);
    const byTitle = (await cards("/tasks?sort=title"))!;
    expect(byTitle.indexOf("Book the hotel")).toBeLessThan(byTitle.indexOf("Sign the stage contract"));
    expect(first!.indexOf("Sign the stage contract")).toBeLessThan(first!.indexOf("Book the hotel"));

    expect((await updateTask(account.token, task.id, { title: "Sign the lighting contract" })).res.status).toBe(200);
    const changed = await cards("/tasks");
    expect(changed).toContain("Sign the lighting contract");
    expect(changed).not.toContain("Sign the stage contract");
  });

  it("renders the answer to a form post afresh, with what the post sent", async () => {
    const { account } = await producerWithOverdueTask("Maria Lopez", "Sign the stage contract");
    await call("/tasks", { token: account.token });
    await call("/tasks", { token: account.token });
    // A create without a title comes back as the page with the form's error (no JavaScript).
    const res = await postForm(account.token, "/tasks?new=1", { intent: "create", title: "", description: "Kept?" });
    const html = await res.text();
    expect(res.status).toBe(400);
    expect(html).toContain("Title is required");
    expect(innerHtml(html, '<div data-kept="task-list"')).toContain("Sign the stage contract");
  });
});

import { describe, expect, it } from "vitest";
import { lightLinkNavigation, type ClickFacts } from "./light-links";

const click: ClickFacts = {
  defaultPrevented: false,
  button: 0,
  metaKey: false,
  altKey: false,
  ctrlKey: false,
  shiftKey: false,
};
const anchor = (href: string, more: { target?: string; download?: boolean } = {}) => ({
  href,
  target: more.target ?? "",
  download: more.download ?? false,
});
const current = new URL("https://cueboard.test/tasks?status=pending");

describe("lightLinkNavigation", () => {
  it("navigates in the app to the link's path, query and hash", () => {
    expect(lightLinkNavigation(click, anchor("https://cueboard.test/tasks/t1?status=pending#notes"), current)).toEqual({
      path: "/tasks/t1?status=pending#notes",
      replace: false,
    });
    expect(lightLinkNavigation(click, anchor("/tasks/t2", { target: "_self" }), current)).toEqual({
      path: "/tasks/t2",
      replace: false,
    });
  });

  it("replaces the history entry for a link to the page already shown", () => {
    expect(lightLinkNavigation(click, anchor("/tasks?status=pending"), current)).toEqual({
      path: "/tasks?status=pending",
      replace: true,
    });
  });

  it("leaves to the browser what Link leaves to it", () => {
    const cases: Array<[Partial<ClickFacts>, ReturnType<typeof anchor>]> = [
      [{ defaultPrevented: true }, anchor("/tasks/t1")],
      [{ button: 1 }, anchor("/tasks/t1")],
      [{ metaKey: true }, anchor("/tasks/t1")],
      [{ ctrlKey: true }, anchor("/tasks/t1")],
      [{ shiftKey: true }, anchor("/tasks/t1")],
      [{ altKey: true }, anchor("/tasks/t1")],
      [{}, anchor("/tasks/t1", { target: "_blank" })],
      [{}, anchor("/tasks/t1", { download: true })],
      [{}, anchor("https://elsewhere.test/tasks/t1")],
    ];
    for (const [facts, link] of cases) expect(lightLinkNavigation({ ...click, ...facts }, link, current)).toBeNull();
  });
});

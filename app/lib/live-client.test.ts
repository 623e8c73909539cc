import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { LiveMessage } from "~/domain/live";
import { LiveHub, type LiveAction, type LiveStatus } from "./live-client";

/** A stand-in for the browser's WebSocket: records what the socket sends and lets the test play the server. */
class FakeSocket extends EventTarget {
  static OPEN = 1;
  static opened: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  constructor(readonly url: string) {
    super();
    FakeSocket.opened.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.dispatchEvent(new Event("open"));
  }
  receive(data: unknown) {
    this.dispatchEvent(Object.assign(new Event("message"), { data: JSON.stringify(data) }));
  }
}

/** The next socket the hub opens, once its code has loaded. */
async function nextSocket() {
  await vi.waitUntil(() => FakeSocket.opened.length > 0);
  return FakeSocket.opened.shift()!;
}

beforeEach(() => {
  FakeSocket.opened = [];
  vi.stubGlobal("WebSocket", FakeSocket);
  vi.stubGlobal("location", { protocol: "https:", host: "cueboard.test" });
});
afterEach(() => void vi.unstubAllGlobals());

describe("the live hub loads the socket on first retain", () => {
  it("connects, adopts the hello's version and hands on the next change", async () => {
    const hub = new LiveHub();
    const statuses: LiveStatus[] = [];
    const heard: [LiveMessage, LiveAction][] = [];
    hub.onStatus((status) => statuses.push(status));
    hub.onMessage((message, action) => heard.push([message, action]));
    // Subscribing loads nothing: no socket until a page retains one.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(FakeSocket.opened).toEqual([]);

    const release = hub.retain("w 1");
    const socket = await nextSocket();
    expect(socket.url).toBe("wss://cueboard.test/api/live?workspace=w%201");
    socket.open();
    expect(hub.status).toBe("open");
    expect(socket.sent).toEqual(["hello"]);

    socket.receive({ type: "hello", version: 4, serverTime: Date.now() + 60_000 });
    const change = { type: "task", change: "created", taskId: "t1", version: 5 };
    socket.receive(change);
    socket.receive({ ...change, version: 7 });
    expect(heard).toEqual([
      [change, "apply"],
      [{ ...change, version: 7 }, "resync"],
    ]);
    expect(statuses).toEqual(["connecting", "open"]);
    // The hello's clock: about a minute ahead.
    expect(hub.serverNow() - Date.now()).toBeGreaterThan(59_000);
    release();
  });

  it("opens nothing for a page released before the socket's code arrived", async () => {
    const hub = new LiveHub();
    hub.retain("w1")();
    const release = hub.retain("w2");
    const socket = await nextSocket();
    expect(socket.url).toContain("workspace=w2");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(FakeSocket.opened).toEqual([]);
    release();
  });

  it("passes on unread counts", async () => {
    const hub = new LiveHub();
    const unread: number[] = [];
    hub.onUnread((count) => unread.push(count));
    const release = hub.retainShare("tok");
    const socket = await nextSocket();
    expect(socket.url).toContain("share=tok");
    socket.open();
    socket.receive({ type: "notifications", unread: 3 });
    expect(unread).toEqual([3]);
    release();
  });
});

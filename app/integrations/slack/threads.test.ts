import { describe, expect, it } from "vitest";
import { commentToSlackText, readThreadMessage, slackReplyToCommentText } from "./threads";

const BOT = "UBOT";

describe("which thread messages cross into Cueboard", () => {
  it("a person's reply in a thread is a reply", () => {
    expect(readThreadMessage({ user: "U1", ts: "2.000", thread_ts: "1.000", text: "Done" }, BOT)).toEqual({
      kind: "reply",
      ts: "2.000",
      threadTs: "1.000",
      user: "U1",
      text: "Done",
      files: [],
    });
    expect(readThreadMessage({ subtype: "file_share", user: "U1", ts: "2.0", thread_ts: "1.0" }, BOT).kind).toBe(
      "reply",
    );
    const file = {
      id: "F1",
      name: "rider.pdf",
      mimetype: "application/pdf",
      size: 120,
      url_private_download: "https://f/1",
    };
    const shared = readThreadMessage(
      { subtype: "file_share", user: "U1", ts: "2.0", thread_ts: "1.0", files: [file, { id: "F2" }] },
      BOT,
    );
    expect(shared.kind === "reply" && shared.files).toEqual([
      { id: "F1", name: "rider.pdf", mimetype: "application/pdf", size: 120, url: "https://f/1" },
    ]);
    expect(readThreadMessage({ subtype: "thread_broadcast", user: "U1", ts: "2.0", thread_ts: "1.0" }, BOT).kind).toBe(
      "reply",
    );
  });

  it("ignores our bot, other bots, top-level messages, the thread's first message and other subtypes", () => {
    expect(readThreadMessage({ user: BOT, ts: "2.0", thread_ts: "1.0", text: "*Ana* on Cueboard: hi" }, BOT)).toEqual({
      kind: "ignore",
    });
    expect(readThreadMessage({ bot_id: "B1", user: "U2", ts: "2.0", thread_ts: "1.0" }, BOT).kind).toBe("ignore");
    expect(readThreadMessage({ user: "U1", ts: "2.0" }, BOT).kind).toBe("ignore");
    expect(readThreadMessage({ user: "U1", ts: "1.0", thread_ts: "1.0" }, BOT).kind).toBe("ignore");
    expect(readThreadMessage({ subtype: "channel_join", user: "U1", ts: "2.0", thread_ts: "1.0" }, BOT).kind).toBe(
      "ignore",
    );
  });

  it("an edit of a reply is an edit, and a deleted reply a deletion; our bot's edits are ignored", () => {
    expect(
      readThreadMessage(
        { subtype: "message_changed", message: { ts: "2.0", thread_ts: "1.0", user: "U1", text: "Done at 4" } },
        BOT,
      ),
    ).toEqual({ kind: "edit", ts: "2.0", threadTs: "1.0", user: "U1", text: "Done at 4" });
    expect(
      readThreadMessage({ subtype: "message_changed", message: { ts: "2.0", thread_ts: "1.0", user: BOT } }, BOT).kind,
    ).toBe("ignore");
    expect(
      readThreadMessage(
        { subtype: "message_deleted", deleted_ts: "2.0", previous_message: { ts: "2.0", thread_ts: "1.0" } },
        BOT,
      ),
    ).toEqual({ kind: "delete", ts: "2.0", threadTs: "1.0" });
    expect(
      readThreadMessage(
        { subtype: "message_deleted", deleted_ts: "1.0", previous_message: { ts: "1.0", thread_ts: "1.0" } },
        BOT,
      ).kind,
    ).toBe("ignore");
    // The bot's copy of a Cueboard comment removed in Slack: the comment stays.
    expect(
      readThreadMessage(
        { subtype: "message_deleted", deleted_ts: "3.0", previous_message: { ts: "3.0", thread_ts: "1.0", user: BOT } },
        BOT,
      ).kind,
    ).toBe("ignore");
  });
});

describe("the text that crosses", () => {
  it("a reply keeps its line breaks and loses Slack's markup", () => {
    const names = (id: string) => (id === "U1" ? "Maria Lopez" : null);
    expect(
      slackReplyToCommentText("Rider is in <https://x.test/r.pdf|the folder>\n\n\n\nask <@U1> &amp; me", names),
    ).toBe("Rider is in the folder\n\nask @Maria Lopez & me");
  });

  it("a comment is said by the bot in the author's name, with markup escaped", () => {
    expect(commentToSlackText("Ana <Stage>", "Load-in at 8 & <b>not</b> 9")).toBe(
      "*Ana &lt;Stage&gt;* on Cueboard: Load-in at 8 &amp; &lt;b&gt;not&lt;/b&gt; 9",
    );
  });
});

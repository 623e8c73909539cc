import { createElement } from "react";
import { renderToPipeableStream, renderToString } from "react-dom/server.node";
import { describe, expect, it } from "vitest";
import { createHtmlCollector } from "./html-collector.server";

/** What the Node renderer writes for `element`, through the collector, as text. */
function collected(element: ReturnType<typeof createElement>) {
  return new Promise<string>((resolve, reject) => {
    const html = createHtmlCollector();
    const { pipe } = renderToPipeableStream(element, {
      onAllReady() {
        pipe({
          write: html.write,
          end: () => resolve(new TextDecoder().decode(html.bytes())),
          on() {
            return this;
          },
        } as unknown as NodeJS.WritableStream);
      },
      onShellError: reject,
    });
  });
}

describe("createHtmlCollector", () => {
  it("keeps a page with many-byte characters across React's 2 KB buffers whole, without stray zero bytes", async () => {
    // Titles with two-, three- and four-byte characters, enough of them to fill many buffers at every offset.
    const titles = Array.from({ length: 400 }, (_, i) => `“Task ${i}” – café ✓ ${"🎤".repeat(i % 3)}`);
    const element = createElement(
      "ul",
      null,
      titles.map((title, i) => createElement("li", { key: i, "aria-label": title }, title)),
    );
    const html = await collected(element);
    expect(html).not.toContain("\u0000");
    expect(html).toBe(renderToString(element));
  });

  it("keeps plain text as written", async () => {
    const element = createElement("p", null, "a".repeat(5000));
    expect(await collected(element)).toBe(renderToString(element));
  });

  it("drops only the unfilled tail of a whole buffer", () => {
    const html = createHtmlCollector();
    const full = new Uint8Array(2048).fill(65);
    full.set([0, 0], 2046);
    html.write(full);
    html.write(new Uint8Array([66, 0]));
    expect(Array.from(html.bytes().slice(2044))).toEqual([65, 65, 66, 0]);
  });
});

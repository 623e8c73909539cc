import { createElement, Fragment, Suspense, type ReactNode } from "react";
import { renderToPipeableStream, renderToString } from "react-dom/server.node";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderHtml } from "./render-html.server";

/** A component that suspends until `open()` (React waits on the promise it throws), then renders its children. */
function gate() {
  let isOpen = false;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = () => {
      isOpen = true;
      resolve();
    };
  });
  function Wait({ children, fail }: { children?: ReactNode; fail?: boolean }) {
    if (!isOpen) throw opened;
    if (fail) throw new Error("boom");
    return children;
  }
  return { open, Wait };
}

function Throws(): ReactNode {
  throw new Error("boom");
}

/** Titles with two-, three- and four-byte characters, enough of them for many of the old 2 KB buffers. */
function bigList() {
  const titles = Array.from({ length: 400 }, (_, i) => `“Task ${i}” – café ✓ ${"🎤".repeat(i % 3)}`);
  return createElement(
    "ul",
    null,
    titles.map((title, i) => createElement("li", { key: i, "aria-label": title }, title, " <b>&</b>")),
  );
}

/** What the Node build's `renderToPipeableStream` writes for `element` once all is ready, as text. */
function pipeableHtml(element: ReactNode) {
  return new Promise<string>((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    const { pipe } = renderToPipeableStream(element, {
      onAllReady() {
        pipe({
          write: (chunk: Uint8Array) => chunks.push(chunk),
          end: () => resolve(chunks.map((chunk) => new TextDecoder().decode(chunk)).join("")),
          on() {
            return this;
          },
        } as unknown as NodeJS.WritableStream);
      },
      onShellError: reject,
    });
  });
}

const options = { timeoutMs: 5000 };

beforeEach(() => {
  vi.spyOn(console, "error");
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("renderHtml", () => {
  it("keeps the development build's deprecation warning out of the log, and nothing else", async () => {
    expect(process.env.NODE_ENV).not.toBe("production");
    await renderHtml(createElement("p", null, "Hello"), options);
    expect(console.error).not.toHaveBeenCalled();
    console.error("something else");
    expect(console.error).toHaveBeenCalledWith("something else");
  });

  it("writes renderToString's markup byte for byte for a big page with many-byte characters, after a suspension", async () => {
    const { open, Wait } = gate();
    const element = createElement(Wait, null, bigList());
    const rendering = renderHtml(element, options);
    setTimeout(open, 0);
    const html = await rendering;
    expect(html).toBe(renderToString(element));
    expect(html).toContain("“Task 398” – café ✓ 🎤🎤");
  });

  it("renders a tree that never suspends, even one that starts and ends with text", async () => {
    const element = bigList();
    expect(await renderHtml(element, options)).toBe(renderToString(element));
    const texts = createElement(Fragment, null, "first", bigList(), "last", " and more");
    expect(await renderHtml(texts, options)).toBe(renderToString(texts));
    expect(await renderHtml("only text", options)).toBe("only text");
  });

  it("renders a suspended boundary's resolved content, not its fallback", async () => {
    const { open, Wait } = gate();
    const element = createElement(
      "main",
      null,
      createElement("h1", null, "Shell"),
      createElement(Suspense, { fallback: createElement("p", null, "Loading") }, createElement(Wait, null, "Loaded")),
    );
    const onError = vi.fn();
    const rendering = renderHtml(element, { ...options, onError });
    await Promise.resolve();
    open();
    // Text that ended a segment which suspended gets a separator (Fizz's format, whichever build).
    expect(await rendering).toBe("<main><h1>Shell</h1><!--$-->Loaded<!-- --><!--/$--></main>");
    expect(onError).not.toHaveBeenCalled();
  });

  it("writes what the Node build writes, but for the DOCTYPE the caller adds before <html>", async () => {
    /** A document whose body waits for a gate, opened once the render has started. */
    function render<T>(renderer: (element: ReactNode) => Promise<T>) {
      const { open, Wait } = gate();
      const element = createElement(
        "html",
        { lang: "en" },
        createElement("head", null, createElement("title", null, "Café")),
        // Under 2 KB: the Node build's buffers would leave zero bytes after a character that does not fit.
        createElement(
          "body",
          null,
          createElement(Suspense, { fallback: "…" }, createElement(Wait, null, "“Done” ✓ 🎤")),
        ),
      );
      const rendering = renderer(element);
      setTimeout(open, 0);
      return rendering;
    }
    const html = await render((element) => renderHtml(element, options));
    expect(html.startsWith('<html lang="en"><head><title>Café</title></head><body><!--$-->“Done” ✓ 🎤')).toBe(true);
    expect(await render(pipeableHtml)).toBe(`<!DOCTYPE html>${html}`);
    expect(await render((element) => renderHtml(element, { ...options, prefix: "<!DOCTYPE html>" }))).toBe(
      `<!DOCTYPE html>${html}`,
    );
  });

  it("rejects when the shell throws, synchronously or after a suspension", async () => {
    await expect(renderHtml(createElement("div", null, createElement(Throws)), options)).rejects.toThrow("boom");
    const { open, Wait } = gate();
    const rendering = renderHtml(createElement("div", null, createElement(Wait, { fail: true })), options);
    open();
    await expect(rendering).rejects.toThrow("boom");
  });

  it("writes a boundary that throws client-rendered and reports it, not timed out", async () => {
    const { open, Wait } = gate();
    const element = createElement(
      "main",
      null,
      createElement(Suspense, { fallback: createElement("p", null, "Loading") }, createElement(Wait, { fail: true })),
    );
    const onError = vi.fn();
    const rendering = renderHtml(element, { ...options, onError });
    open();
    const html = await rendering;
    expect(html).toMatch(/^<main><!--\$!--><template[^>]*><\/template><p>Loading<\/p><!--\/\$--><\/main>$/);
    expect(onError.mock.calls).toEqual([[false]]);
  });

  it("reports no error for page text that looks like the client-rendered marker", async () => {
    const onError = vi.fn();
    const html = await renderHtml(createElement("p", { title: "<!--$!-->" }, "<!--$!-->"), { ...options, onError });
    expect(html).not.toContain("<!--$!-->");
    expect(onError).not.toHaveBeenCalled();
  });

  it("at the timeout, aborts a boundary that never resolves and sends the shell, reported as timed out", async () => {
    vi.useFakeTimers();
    const { Wait } = gate();
    const element = createElement(
      "main",
      null,
      createElement("h1", null, "Shell"),
      createElement(Suspense, { fallback: createElement("p", null, "Loading") }, createElement(Wait)),
    );
    const onError = vi.fn();
    const rendering = renderHtml(element, { timeoutMs: 5000, onError });
    await vi.advanceTimersByTimeAsync(4999);
    expect(onError).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const html = await rendering;
    expect(html).toMatch(
      /^<main><h1>Shell<\/h1><!--\$!--><template[^>]*><\/template><p>Loading<\/p><!--\/\$--><\/main>$/,
    );
    expect(onError.mock.calls).toEqual([[true]]);
  });

  it("at the timeout, rejects when the shell itself still waits", async () => {
    vi.useFakeTimers();
    const { Wait } = gate();
    const rendering = renderHtml(createElement("main", null, createElement(Wait)), { timeoutMs: 5000 });
    const outcome = expect(rendering).rejects.toThrow("before its shell was ready");
    await vi.advanceTimersByTimeAsync(5000);
    await outcome;
  });

  it("leaves no timer behind once rendered", async () => {
    vi.useFakeTimers();
    const { open, Wait } = gate();
    const rendering = renderHtml(createElement(Wait, null, "done"), options);
    open();
    expect(await rendering).toBe("done");
    expect(vi.getTimerCount()).toBe(0);
  });
});

import { describe, expect, it } from "vitest";
import { islandHtmlCollector, islandInnerHtml } from "./island-html.server";

const wrap = (name: string, inner: string) => `<div data-island="${name}" style="display:contents">${inner}</div>`;

describe("islandInnerHtml", () => {
  it("reads the inner HTML of the one island by that name, nested divs and all", () => {
    const inner =
      '<div class="card"><div><p>a &lt;div&gt; in text</p></div><div title="x&gt;y"></div></div><span></span>';
    const page = `<main><div>before</div>${wrap("planning", inner)}<div>after</div></main>`;
    expect(islandInnerHtml(page, "planning")).toBe(inner);
  });

  it("reads an empty island", () => {
    expect(islandInnerHtml(`<body>${wrap("slack", "")}</body>`, "slack")).toBe("");
  });

  it("gives up when the page holds no island by that name, two of them, or one not closed", () => {
    expect(islandInnerHtml(wrap("planning", "<p>x</p>"), "slack")).toBeNull();
    expect(islandInnerHtml(wrap("slack", "a") + wrap("slack", "b"), "slack")).toBeNull();
    expect(islandInnerHtml('<div data-island="slack" style="display:contents"><div>', "slack")).toBeNull();
  });
});

describe("islandHtmlCollector", () => {
  it("keeps what a render asked for, for the next render to offer, and nothing else", () => {
    const first = islandHtmlCollector();
    const key = `planning|:R1:|${JSON.stringify({ plan: 1, at: Math.random() })}`;
    expect(first.offer.kept(key)).toBeUndefined();
    first.offer.keep("planning", key);
    first.collect(`<body>${wrap("planning", "<p>Plan</p>")}${wrap("slack", "<p>Slack</p>")}</body>`);

    const second = islandHtmlCollector();
    expect(second.offer.kept(key)).toBe("<p>Plan</p>");
    expect(second.offer.kept(key.replace(":R1:", ":R2:"))).toBeUndefined();
  });

  it("keeps nothing for an island the page does not hold once", () => {
    const render = islandHtmlCollector();
    const key = `slack|:R3:|${Math.random()}`;
    render.offer.keep("slack", key);
    render.collect(wrap("slack", "a") + wrap("slack", "b"));
    expect(islandHtmlCollector().offer.kept(key)).toBeUndefined();
  });
});

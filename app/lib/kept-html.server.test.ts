import { describe, expect, it } from "vitest";
import { innerHtml, keptHtmlCollector } from "./kept-html.server";

const open = (name: string) => `<div data-island="${name}"`;
const wrap = (name: string, inner: string) => `<div data-island="${name}" style="display:contents">${inner}</div>`;

describe("innerHtml", () => {
  it("reads the inner HTML of the one island by that name, nested divs and all", () => {
    const inner =
      '<div class="card"><div><p>a &lt;div&gt; in text</p></div><div title="x&gt;y"></div></div><span></span>';
    const page = `<main><div>before</div>${wrap("planning", inner)}<div>after</div></main>`;
    expect(innerHtml(page, open("planning"))).toBe(inner);
  });

  it("tells a name from a longer one", () => {
    const page = '<div data-kept="task-list-2"><p>b</p></div><div data-kept="task-list"><p>a</p></div>';
    expect(innerHtml(page, '<div data-kept="task-list"')).toBe("<p>a</p>");
  });

  it("reads an empty island", () => {
    expect(innerHtml(`<body>${wrap("slack", "")}</body>`, open("slack"))).toBe("");
  });

  it("gives up when the page holds no island by that name, two of them, or one not closed", () => {
    expect(innerHtml(wrap("planning", "<p>x</p>"), open("slack"))).toBeNull();
    expect(innerHtml(wrap("slack", "a") + wrap("slack", "b"), open("slack"))).toBeNull();
    expect(innerHtml('<div data-island="slack" style="display:contents"><div>', open("slack"))).toBeNull();
  });
});

describe("keptHtmlCollector", () => {
  it("keeps what a render asked for, for the next render to offer, and nothing else", () => {
    const first = keptHtmlCollector();
    const key = `planning|:R1:|${JSON.stringify({ plan: 1, at: Math.random() })}`;
    expect(first.offer.kept(key)).toBeUndefined();
    first.offer.keep(open("planning"), key);
    first.collect(`<body>${wrap("planning", "<p>Plan</p>")}${wrap("slack", "<p>Slack</p>")}</body>`);

    const second = keptHtmlCollector();
    expect(second.offer.kept(key)).toBe("<p>Plan</p>");
    expect(second.offer.kept(key.replace(":R1:", ":R2:"))).toBeUndefined();
  });

  it("keeps nothing for an island the page does not hold once", () => {
    const render = keptHtmlCollector();
    const key = `slack|:R3:|${Math.random()}`;
    render.offer.keep(open("slack"), key);
    render.collect(wrap("slack", "a") + wrap("slack", "b"));
    expect(keptHtmlCollector().offer.kept(key)).toBeUndefined();
  });
});

import { describe, expect, it } from "vitest";
import { elementAt, elementPath, type PathElement } from "./island-swap";

interface Node extends PathElement {
  name: string;
  parentElement: Node | null;
  children: Node[];
}

/** A tree of named elements: `["root", ["a", ["a0"], ["a1", ["a10"]]], ["b"]]`. */
type Spec = [string, ...Spec[]];

function tree([name, ...kids]: Spec, parent: Node | null = null): Node {
  const node: Node = { name, parentElement: parent, children: [] };
  node.children = kids.map((kid) => tree(kid, node));
  return node;
}

function find(node: Node, name: string): Node | undefined {
  if (node.name === name) return node;
  for (const child of node.children) {
    const found = find(child, name);
    if (found) return found;
  }
  return undefined;
}

describe("elementPath and elementAt", () => {
  const staticRoot = tree(["root", ["header", ["h2"]], ["form", ["label"], ["input"], ["button", ["svg"]]]]);
  // The same markup rendered again in the browser: other objects, the same shape.
  const liveRoot = tree(["root", ["header", ["h2"]], ["form", ["label"], ["input"], ["button", ["svg"]]]]);

  it.each([
    ["the root itself", "root", []],
    ["a child", "header", [0]],
    ["a deeper element", "input", [1, 1]],
    ["the last element of the last child", "svg", [1, 2, 0]],
  ])("%s", (_what, name, path) => {
    const node = find(staticRoot, name)!;
    expect(elementPath(staticRoot, node)).toEqual(path);
    expect(elementAt(staticRoot, path)).toBe(node);
    // The element at the same place in the other render.
    expect(elementAt(liveRoot, path)?.name).toBe(name);
  });

  it("is null for an element outside the root", () => {
    const outside = tree(["other", ["child"]]);
    expect(elementPath(staticRoot, outside.children[0])).toBeNull();
    expect(elementPath(find(staticRoot, "form")!, find(staticRoot, "h2")!)).toBeNull();
  });

  it("finds nothing at a place the other render does not have", () => {
    const smaller = tree(["root", ["header"]]);
    expect(elementAt(smaller, [1, 1])).toBeNull();
    expect(elementAt(smaller, [0, 0])).toBeNull();
  });
});

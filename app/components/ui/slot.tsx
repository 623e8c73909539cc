import {
  Children,
  cloneElement,
  forwardRef,
  isValidElement,
  useCallback,
  type HTMLAttributes,
  type ReactElement,
  type ReactNode,
  type Ref,
} from "react";

type Props = Record<string, unknown>;

/**
 * `asChild` for our components: renders its one child element with the slot's props merged in, as Radix's `Slot`
 * does (1.8 KB gzip with its Primitive and Label on every page, for this): the child's props win, except that both
 * event handlers run (the child's first), styles merge, classes and `aria-describedby` ids join, and both refs are
 * set. No `Slottable`: no component of ours passes one. `slot.test.tsx` renders both for the same cases.
 */
export const Slot = forwardRef<HTMLElement, HTMLAttributes<HTMLElement> & { children?: ReactNode }>(
  ({ children, ...slotProps }, forwardedRef) => {
    const child = Children.count(children) === 1 && isValidElement(children) ? (children as ReactElement<Props>) : null;
    // React 18 keeps an element's ref on the element, not in its props.
    const childRef = (child as { ref?: Ref<unknown> } | null)?.ref;
    const ref = useCallback(
      (node: unknown) => [forwardedRef, childRef].forEach((r) => setRef(r, node)),
      [forwardedRef, childRef],
    );
    if (!child) throw new Error("Slot failed to slot onto its children. Expected a single React element child.");
    return cloneElement(child, { ...mergeProps(slotProps, child.props), ref: forwardedRef ? ref : childRef });
  },
);
Slot.displayName = "Slot";

function setRef(ref: Ref<unknown> | undefined, node: unknown) {
  if (typeof ref === "function") ref(node);
  else if (ref) (ref as { current: unknown }).current = node;
}

function mergeProps(slotProps: Props, childProps: Props): Props {
  const merged: Props = { ...slotProps, ...childProps };
  for (const name in childProps) {
    const slotValue = slotProps[name];
    const childValue = childProps[name];
    if (/^on[A-Z]/.test(name)) {
      const ours = slotValue as ((...args: unknown[]) => void) | undefined;
      const theirs = childValue as ((...args: unknown[]) => unknown) | undefined;
      merged[name] =
        ours && theirs
          ? (...args: unknown[]) => {
              const result = theirs(...args);
              ours(...args);
              return result;
            }
          : (theirs ?? ours);
    } else if (name === "style") merged[name] = { ...(slotValue as object), ...(childValue as object) };
    else if (name === "className") merged[name] = [slotValue, childValue].filter(Boolean).join(" ");
    else if (name === "aria-describedby") merged[name] = joinIds(childValue, slotValue);
  }
  return merged;
}

/** Each id once, in order of first mention; undefined when there is none. */
function joinIds(...values: unknown[]) {
  const ids = new Set(
    values.flatMap((value) => (typeof value === "string" ? value.trim().split(/\s+/) : [])).filter(Boolean),
  );
  return ids.size > 0 ? [...ids].join(" ") : undefined;
}

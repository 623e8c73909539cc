import { clsx, type ClassValue } from "clsx";

type Variants = Record<string, Record<string, ClassValue>>;
type Config<V extends Variants> = { variants: V; defaultVariants?: { [K in keyof V]?: keyof V[K] } };

/** The props a `cva` function takes: a key of each variant, `null` for none, or the default when left out. */
export type VariantProps<Fn> = Fn extends (props?: infer P) => string
  ? Omit<NonNullable<P>, "class" | "className">
  : never;

/**
 * class-variance-authority's `cva`, for what our components use of it (string-keyed variants with defaults, no
 * compound variants): the base classes, each variant's classes (`null` leaves a variant out, `undefined` takes its
 * default), then `class` and `className`, joined by clsx. `variants.test.ts` holds it equal to cva.
 */
export function cva<V extends Variants>(base: ClassValue, { variants, defaultVariants = {} }: Config<V>) {
  return (props: { [K in keyof V]?: keyof V[K] | null } & { class?: ClassValue; className?: ClassValue } = {}) =>
    clsx(
      base,
      Object.keys(variants).map((name) => {
        const value = props[name];
        return value === null ? null : variants[name][String(value ?? "") || String(defaultVariants[name] ?? "")];
      }),
      props.class,
      props.className,
    );
}

import { defineConfig, mergeConfig } from "vite";
import base from "../vite.config";

/**
 * The app's Vite config for `npm run dev`'s rebuilds (scripts/local-stack.mjs): the build directory is written over
 * instead of being emptied first, so `wrangler dev`, which watches `build/server` through workers/app.ts, never
 * sees it missing, and a failed rebuild leaves the last good build serving. Old hashed assets stay behind in
 * `build/client` until the next `npm run build`.
 */
export default defineConfig((env) => mergeConfig(base(env), { build: { emptyOutDir: false } }));

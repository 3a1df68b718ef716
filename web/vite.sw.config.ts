// The page's service worker (web/worker/sw.ts, issue #30) -> web/dist/play/sw.js: one
// classic script under a fixed name (a service worker's address must not change between
// builds, and its scope is the folder it is served from, /play/). Built after the page
// (vite.config.ts empties the folder first), into the same folder.
import { defineConfig } from "vite";

export default defineConfig({
  root: __dirname,
  publicDir: false,
  build: {
    outDir: "dist/play",
    emptyOutDir: false,
    target: "es2022",
    sourcemap: false,
    copyPublicDir: false,
    reportCompressedSize: false,
    rolldownOptions: {
      input: { sw: `${__dirname}/worker/sw.ts` },
      output: { format: "iife", entryFileNames: "[name].js" },
    },
  },
});

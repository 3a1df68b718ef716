// The web client's bundle (issue #18): web/ -> web/dist/play/, which Django serves at
// /play/ (WhiteNoise, config/settings.py). Everything is bundled: no CDN, no web fonts.
import { defineConfig } from "vite";

export default defineConfig({
  root: __dirname,
  base: "/play/",
  publicDir: false,
  build: {
    outDir: "dist/play",
    emptyOutDir: true,
    target: "es2022",
    sourcemap: false,
    assetsInlineLimit: 0,
    reportCompressedSize: false,
  },
});

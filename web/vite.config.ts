// The web client's bundle (issue #18): web/ -> web/dist/play/, which Django serves at
// /play/ (ServeStatic, config/settings.py). Everything is bundled: no CDN, no web fonts.
// web/public/ (the icon, the web app manifest) is copied as it is, under fixed names.
import { defineConfig } from "vite";

export default defineConfig({
  root: __dirname,
  base: "/play/",
  publicDir: "public",
  build: {
    outDir: "dist/play",
    emptyOutDir: true,
    target: "es2022",
    sourcemap: false,
    assetsInlineLimit: 0,
    reportCompressedSize: false,
  },
});

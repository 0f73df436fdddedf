/// <reference types="vitest/config" />
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// `npm run dev` serves the console with hot reload and sends API calls to a running gateway
// (`make dev`); the gateway serves the production build (dist/) at / itself.
const gateway = process.env.ATELIER_URL ?? "http://127.0.0.1:8080";
const apiPrefixes = ["/api", "/v1", "/v3", "/open_api", "/storage"];

export default defineConfig({
  plugins: [react()],
  build: { outDir: "dist", sourcemap: true, chunkSizeWarningLimit: 1500 },
  server: { proxy: Object.fromEntries(apiPrefixes.map((p) => [p, { target: gateway, changeOrigin: false }])) },
  test: { environment: "jsdom", include: ["src/**/*.test.{ts,tsx}"], setupFiles: ["src/test-setup.ts"] },
});

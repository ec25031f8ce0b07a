import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    // Keep the browser's Host header (no changeOrigin): the server's origin check accepts a
    // request whose Origin matches its Host, so the dev proxy passes it.
    proxy: { '/api': { target: 'http://localhost:3000' } },
  },
  build: { outDir: 'dist', emptyOutDir: true },
});

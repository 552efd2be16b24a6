import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  // No source maps in the build: production must not hand out the full sources (decision 130).
  build: { outDir: 'dist', sourcemap: false, target: 'es2022' },
});

import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  // #app/, #core/, #db/, #server/: tsconfig.json's paths.
  resolve: { tsconfigPaths: true },
  // No essay on plugin timings after each build (decision 200): bench:charts measures what the build makes.
  build: { rolldownOptions: { checks: { bundlerTimings: false } } },
});

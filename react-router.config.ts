import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  ssr: true,
  // BUILD_DIR: a folder of its own, so browser-test runs that overlap do not overwrite each other's build.
  buildDirectory: process.env.BUILD_DIR || 'build',
  // React Router 7's behaviour, chosen: each flag left unset printed a block on every build (decision 200). Moving to
  // v8's behaviour is a change of its own (the load context becomes a RouterContextProvider under v8_middleware).
  future: {
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;

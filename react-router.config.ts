import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  ssr: true,
  // BUILD_DIR: a folder of its own, so browser-test runs that overlap do not overwrite each other's build.
  buildDirectory: process.env.BUILD_DIR || 'build',
} satisfies Config;

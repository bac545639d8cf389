// `npm run build` (`--always`, which `npm start` runs) and the benches' build step: `react-router build` and the server
// bundle, unless the build folder is newer than every source file it is made from (as make decides). A bench run right
// after a build (CI runs three benches after the smoke stage's `npm start`) reuses it instead of building it again.
import { execFileSync } from 'node:child_process';
import {
  closeSync,
  copyFileSync,
  existsSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const buildDir = path.resolve(root, process.env.BUILD_DIR || 'build');
// Written last by a finished build: a build that was cut short has no stamp and is made again.
const stamp = path.join(buildDir, '.built-from-sources');
// What the build reads: the pages and everything they import, the static files, and the build's own settings.
const sourceDirs = ['app', 'core', 'db', 'server', 'public'];
const sourceFiles = ['package-lock.json', 'react-router.config.ts', 'vite.config.ts', 'tsconfig.json'];

function newestIn(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestIn(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function newestSource() {
  let newest = 0;
  for (const dir of sourceDirs)
    if (existsSync(path.join(root, dir))) newest = Math.max(newest, newestIn(path.join(root, dir)));
  for (const file of sourceFiles)
    if (existsSync(path.join(root, file))) newest = Math.max(newest, statSync(path.join(root, file)).mtimeMs);
  return newest;
}

const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const sources = newestSource();
if (!process.argv.includes('--always') && builtAt > sources) {
  console.log(`build: ${path.relative(root, buildDir)} is newer than its sources; not built again`);
} else {
  const started = Date.now();
  // The page build's own output (an asset list of a hundred lines, and the deprecation notice @react-router/dev 7
  // makes Vite 8 print eight times, which no setting of ours reaches) goes to a file: the start log says in one line
  // that the build was made, and a failed build prints it all (decision 200).
  const output = path.join(tmpdir(), `react-router-build-${process.pid}.log`);
  const fd = openSync(output, 'w');
  try {
    execFileSync('npx', ['react-router', 'build'], {
      cwd: root,
      stdio: ['ignore', fd, fd],
      env: { ...process.env, NODE_ENV: 'production' },
    });
  } catch (error) {
    closeSync(fd);
    process.stderr.write(readFileSync(output, 'utf8'));
    rmSync(output, { force: true });
    console.error(
      `build: react-router build failed (${error instanceof Error ? error.message.split('\n')[0] : error})`,
    );
    process.exit(1);
  }
  closeSync(fd);
  copyFileSync(output, path.join(buildDir, 'build.log'));
  rmSync(output, { force: true });
  // The HTTP server (server/index.ts and what it imports from the sources) as one file beside the pages: `npm start`,
  // the browser tests and the benches run it with plain node, which starts in half the time of loading every source
  // file through tsx (decision 162). Packages stay in node_modules. The drawing threads' entry is bundled beside it
  // (render-worker.mjs, found by server/render/pool.ts next to the bundle: decision 182).
  await build({
    entryPoints: {
      index: path.join(root, 'server/index.ts'),
      'render-worker': path.join(root, 'server/render/worker.ts'),
    },
    outdir: path.join(buildDir, 'app-server'),
    outExtension: { '.js': '.mjs' },
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
  });
  writeFileSync(stamp, `${new Date().toISOString()}\n`);
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(
    `build: pages and server built in ${seconds} s (its output: ${path.relative(root, path.join(buildDir, 'build.log'))})`,
  );
}

// Drops optional-dependency edges whose package package-lock.json has no entry for.
// This machine's registry serves only Linux builds of platform packages (esbuild, rollup, tailwind
// oxide…), so npm writes no lock entries for the others, and `npm ci` then refuses the lock as out of
// sync. Run after every `npm install` that changes the lock: `npm run lock:prune`.
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;

/** npm resolves a dependency from the owner's node_modules up to the root. */
function present(owner, name) {
  let base = owner;
  for (;;) {
    if (packages[`${base ? `${base}/` : ''}node_modules/${name}`]) return true;
    if (!base) return false;
    const i = base.lastIndexOf('/node_modules/');
    base = i >= 0 ? base.slice(0, i) : '';
  }
}

let removed = 0;
for (const [key, entry] of Object.entries(packages)) {
  const optional = entry.optionalDependencies;
  if (!optional) continue;
  for (const name of Object.keys(optional)) {
    if (!present(key, name)) {
      delete optional[name];
      removed++;
    }
  }
  if (Object.keys(optional).length === 0) delete entry.optionalDependencies;
}
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: removed ${removed} optional edges to packages the registry does not serve`);

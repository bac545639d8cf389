// CI's last lines: the counts over every Vitest JSON report in the folder given, and each failed test by file and
// name with the start of its message. The log is read from its tail, and the failures are otherwise thousands of
// lines above it (stop 59's run said only "npm test failed"). A run can fail with every test passed (Vitest's
// unhandled errors, which its JSON report leaves out): those blocks are taken from the logs (*.log, *.out) in the folder.
// Exit 1 when a test or a run failed.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const folder = process.argv[2];
let passed = 0;
let failed = 0;
let runsFailed = 0; // runs that reported unhandled errors
const failures = [];
for (const name of readdirSync(folder).filter((f) => f.endsWith('.json'))) {
  const report = JSON.parse(readFileSync(join(folder, name), 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  for (const file of report.testResults) {
    const where = `${name.replace(/\.json$/, '')}: ${relative(process.cwd(), file.name)}`;
    const tests = file.assertionResults.filter((t) => t.status === 'failed');
    for (const t of tests) failures.push({ where, title: t.fullName, message: t.failureMessages.join('\n') });
    // A file that failed without a failed test (an error while loading it, a hook) says so in its own message.
    if (tests.length === 0 && file.status === 'failed')
      failures.push({ where, title: '(the file)', message: file.message });
  }
}
for (const f of failures) {
  console.log(`\nFAILED ${f.where} > ${f.title}`);
  console.log((f.message ?? '').split('\n').slice(0, 12).join('\n').slice(0, 1500));
}
for (const name of readdirSync(folder).filter((f) => f.endsWith('.log') || f.endsWith('.out'))) {
  const lines = stripVTControlCharacters(readFileSync(join(folder, name), 'utf8')).split('\n');
  lines.forEach((line, i) => {
    if (/ Unhandled Errors /.test(line)) console.log(`\n${name}:\n${lines.slice(i, i + 40).join('\n')}`);
    // The summary's "Errors  1 error" line: a run that failed with its tests passed.
    if (/^\s*Errors\s+\d+ errors?/.test(line)) runsFailed += 1;
  });
}
console.log(`${passed} passed, ${failed} failed${runsFailed ? `; ${runsFailed} run(s) with unhandled errors` : ''}`);
process.exit(failed > 0 || failures.length > 0 || runsFailed > 0 ? 1 : 0);

// The rule vitest.config.ts states for the integration and browser projects: a limit is there for a hang, not for
// speed, so no file sets a shorter one of its own (a test or hook given a timeout below its project's would fail on a
// slow or busy machine first). Read from the files' syntax: every `it`, `test`, `describe` and hook call given a
// timeout, as a number or as `{ timeout }`.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import config from '../../vitest.config';

const root = path.resolve(import.meta.dirname, '../..');
const hooks = new Set(['beforeAll', 'afterAll', 'beforeEach', 'afterEach']);
const tests = new Set(['it', 'test', 'describe']);

interface Limit {
  file: string;
  line: number;
  kind: 'test' | 'hook';
  ms: number;
}

/** The name a call is made through: `it`, `it.each(…)(…)`, `describe.sequential` → it, it, describe. */
function calleeName(expression: ts.Expression): string | undefined {
  if (ts.isIdentifier(expression)) return expression.text;
  if (ts.isPropertyAccessExpression(expression)) return calleeName(expression.expression);
  if (ts.isCallExpression(expression)) return calleeName(expression.expression);
  return undefined;
}

function numberOf(node: ts.Node): number | undefined {
  return ts.isNumericLiteral(node) ? Number(node.text.replaceAll('_', '')) : undefined;
}

/** Every timeout a file gives a test, a suite or a hook. */
function limitsIn(file: string, source: string): Limit[] {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const found: Limit[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const name = calleeName(node.expression);
      const kind = name && hooks.has(name) ? 'hook' : name && tests.has(name) ? 'test' : undefined;
      if (kind) {
        for (const argument of node.arguments) {
          let ms = numberOf(argument);
          if (ms === undefined && ts.isObjectLiteralExpression(argument)) {
            for (const property of argument.properties) {
              if (ts.isPropertyAssignment(property) && property.name.getText(sourceFile) === 'timeout') {
                ms = numberOf(property.initializer);
              }
            }
          }
          if (ms !== undefined) {
            const line = sourceFile.getLineAndCharacterOfPosition(argument.getStart(sourceFile)).line + 1;
            found.push({ file, line, kind, ms });
          }
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

const projects = (config.test?.projects ?? []).flatMap((project) =>
  typeof project === 'object' && 'test' in project && project.test ? [project.test] : [],
);

describe('time limits', () => {
  it('reads the timeouts a file gives, as numbers or options, on tests, suites and hooks', () => {
    const source = [
      "it('a', async () => {}, 1_000);",
      "test.each([1])('b', async () => {}, { timeout: 2000 });",
      "describe('c', { timeout: 3_000 }, () => {});",
      'beforeAll(async () => {}, 4000);',
      "it('d', async () => { await page.waitFor({ timeout: 5 }); });",
    ].join('\n');
    expect(limitsIn('x.test.ts', source).map(({ kind, ms, line }) => [kind, ms, line])).toEqual([
      ['test', 1000, 1],
      ['test', 2000, 2],
      ['test', 3000, 3],
      ['hook', 4000, 4],
    ]);
  });

  for (const name of ['integration', 'e2e']) {
    it(`are never shorter in a file of the ${name} project than the project's own`, () => {
      const project = projects.find((p) => p.name === name)!;
      const limit = { test: project.testTimeout!, hook: project.hookTimeout! };
      expect(limit.test).toBeGreaterThan(0);
      expect(limit.hook).toBeGreaterThan(0);
      const files = project.include!.flatMap((pattern) => {
        const folder = /^(.+)\/\*\*\/\*\.test\.ts$/.exec(pattern)?.[1];
        if (!folder) throw new Error(`read only <folder>/**/*.test.ts includes, not ${pattern}`);
        return readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
          .filter((file) => file.endsWith('.test.ts'))
          .map((file) => path.join(folder, file));
      });
      expect(files.length).toBeGreaterThan(10);
      const shorter = files
        .flatMap((file) => limitsIn(file, readFileSync(path.join(root, file), 'utf8')))
        .filter((l) => l.ms < limit[l.kind])
        .map((l) => `${l.file}:${l.line}: ${l.kind} limit ${l.ms} ms < ${limit[l.kind]} ms`);
      expect(shorter).toEqual([]);
    });
  }
});

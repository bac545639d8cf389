// The files the PostgreSQL pass leaves out (`withoutSuiteDatabase` in vitest.config.ts) must still open nothing of the
// suite's database: no helper of tests/setup/database.ts but the mirror's path, no harness, no `inject(…)` and no read
// of `process.env.DATABASE_URL`. Read from the files' syntax, so a string that a child process runs does not count.
// The test modules a file imports are read too, so a helper that opened the database for it is seen.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { excludedOnPostgres, withoutSuiteDatabase } from '../../vitest.config';

const root = path.resolve(import.meta.dirname, '../..');
/** What a file may take from the suite's database module: where the shared files are. */
const allowedFromDatabase = new Set(['mirror']);

/** The test module (under tests/) a relative import names, or null for the product's code and packages. */
function testModule(at: string, file: string, from: string): string | null {
  if (!from.startsWith('.')) return null;
  const base = path.relative(at, path.resolve(at, path.dirname(file), from));
  if (!base.startsWith('tests/')) return null;
  return ['.ts', '.tsx'].map((ext) => base + ext).find((candidate) => existsSync(path.join(at, candidate))) ?? null;
}

/** Each way the file (relative to `at`), or a test module it imports, reaches the suite's database, one line each. */
function databaseUses(file: string, at = root, seen = new Set<string>()): string[] {
  seen.add(file);
  const source = ts.createSourceFile(file, readFileSync(path.join(at, file), 'utf8'), ts.ScriptTarget.Latest, true);
  const uses: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const from = node.moduleSpecifier.text;
      if (/\/setup\/database(-templates)?$|harness$/.test(from)) {
        const named = node.importClause?.namedBindings;
        const names =
          named && ts.isNamedImports(named) ? named.elements.map((e) => (e.propertyName ?? e.name).text) : ['*'];
        if (node.importClause?.name) names.push('default');
        for (const name of names) if (!allowedFromDatabase.has(name)) uses.push(`imports ${name} from ${from}`);
      } else {
        const module = testModule(at, file, from);
        if (module && !seen.has(module)) uses.push(...databaseUses(module, at, seen).map((use) => `${module} ${use}`));
      }
    }
    if (ts.isPropertyAccessExpression(node) && node.getText(source) === 'process.env.DATABASE_URL')
      uses.push('reads process.env.DATABASE_URL');
    if (ts.isCallExpression(node) && node.expression.getText(source) === 'inject')
      uses.push(`calls ${node.getText(source)}`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return uses;
}

describe('the files the PostgreSQL pass leaves out', () => {
  it('are integration files that exist', () => {
    for (const file of withoutSuiteDatabase) {
      expect(file).toMatch(/^tests\/integration\/.+\.test\.ts$/);
      expect(existsSync(path.join(root, file)), file).toBe(true);
    }
  });

  it('open nothing of the suite database', () => {
    expect(withoutSuiteDatabase.map((file) => ({ file, uses: databaseUses(file) }))).toEqual(
      withoutSuiteDatabase.map((file) => ({ file, uses: [] })),
    );
  });

  it('finds a file that does', () => {
    // The check itself: a file that copies the suite's template is named, with how.
    expect(databaseUses('tests/integration/import.test.ts')).toContain(
      'imports databaseWithGeos from ../setup/database',
    );
    expect(databaseUses('tests/integration/read-replica.test.ts')).toContain('reads process.env.DATABASE_URL');
    // Through a helper module of the tests that opens it for the file (in a folder of its own, laid out as tests/).
    const at = mkdtempSync(path.join(tmpdir(), 'postgres-pass-'));
    try {
      mkdirSync(path.join(at, 'tests/integration'), { recursive: true });
      writeFileSync(path.join(at, 'tests/integration/some.test.ts'), "import { open } from './helper';\n");
      writeFileSync(
        path.join(at, 'tests/integration/helper.ts'),
        "import { freshDatabase } from '../setup/database';\nexport const open = () => freshDatabase();\n",
      );
      expect(databaseUses('tests/integration/some.test.ts', at)).toEqual([
        'tests/integration/helper.ts imports freshDatabase from ../setup/database',
      ]);
    } finally {
      rmSync(at, { recursive: true, force: true });
    }
  });

  it('are left out on PostgreSQL only', () => {
    expect(excludedOnPostgres('postgres://postgres@127.0.0.1:5432/test')).toEqual(withoutSuiteDatabase);
    expect(excludedOnPostgres(undefined)).toEqual([]);
    expect(excludedOnPostgres('file:.data/db')).toEqual([]);
    expect(excludedOnPostgres('memory:')).toEqual([]);
  });
});

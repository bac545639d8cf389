// The files the PostgreSQL pass leaves out (`withoutSuiteDatabase` in vitest.config.ts) must still open nothing of the suite's database: no
// helper of tests/setup/database.ts but the mirror's path, no harness, no `inject('databaseTemplates')` and no read of
// `process.env.DATABASE_URL`. Read from the files' syntax, so a string that a child process runs does not count.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { excludedOnPostgres, withoutSuiteDatabase } from '../../vitest.config';

const root = path.resolve(import.meta.dirname, '../..');
/** What a file may take from the suite's database module: where the shared files are. */
const allowedFromDatabase = new Set(['mirror']);

/** Each way the file reaches the suite's database, one line each. */
function databaseUses(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(path.join(root, file), 'utf8'), ts.ScriptTarget.Latest, true);
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
  });

  it('are left out on PostgreSQL only', () => {
    expect(excludedOnPostgres('postgres://postgres@127.0.0.1:5432/test')).toEqual(withoutSuiteDatabase);
    expect(excludedOnPostgres(undefined)).toEqual([]);
    expect(excludedOnPostgres('file:.data/db')).toEqual([]);
    expect(excludedOnPostgres('memory:')).toEqual([]);
  });
});

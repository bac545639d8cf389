// ESLint rule: which top folders each part of the tree may import (an allow-list, docs/decisions/006), resolved from
// the import's path, and the chart engine reached from outside only through app/charts/index.ts.
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** The part of the tree a repository path belongs to: the most specific prefix listed in `allowed`. */
function partOf(relative, parts) {
  return parts.find((p) => relative === p || relative.startsWith(`${p}/`)) ?? null;
}

export const moduleBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports between top folders follow the allow-list of the architecture' },
    schema: [{ type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } }],
    messages: {
      forbidden: '{{from}} may not import {{to}} (allowed: {{allowed}}); see docs/architecture.md',
      chartsIndex: 'outside app/charts, import the chart engine only through app/charts/index.ts',
    },
  },
  create(context) {
    const allowed = context.options[0] ?? {};
    // Longest prefixes first, so that app/charts wins over app.
    const parts = Object.keys(allowed).sort((a, b) => b.length - a.length);
    const file = path.relative(root, context.filename).split(path.sep).join('/');
    const from = partOf(file, parts);
    if (!from) return {};
    const check = (node) => {
      const spec = node?.value;
      if (typeof spec !== 'string') return;
      // The tree's aliases (#app/, #core/, #db/, #server/: tsconfig.json's paths) name a repository path.
      const alias = /^#(app|core|db|server)(\/.*)?$/.exec(spec);
      if (!alias && !spec.startsWith('.')) return;
      const target = alias
        ? `${alias[1]}${alias[2] ?? ''}`
        : path
            .relative(root, path.resolve(path.dirname(context.filename), spec))
            .split(path.sep)
            .join('/');
      const to = partOf(target, parts);
      if (!to || to === from) return;
      if (!allowed[from].includes(to)) {
        context.report({ node, messageId: 'forbidden', data: { from, to, allowed: allowed[from].join(', ') } });
      } else if (to === 'app/charts' && !/^app\/charts(\/index(\.tsx?)?)?$/.test(target)) {
        context.report({ node, messageId: 'chartsIndex' });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
    };
  },
};

/** ESLint rule: an import that climbs three or more folders names the tree's alias instead (#core/periods). */
export const noDeepRelative = {
  meta: {
    type: 'suggestion',
    docs: { description: 'Imports that climb three or more folders use #app/, #core/, #db/ or #server/' },
    schema: [],
    messages: { deep: 'import "{{spec}}" as "{{alias}}" (tsconfig.json paths)' },
  },
  create(context) {
    const check = (node) => {
      const spec = node?.value;
      if (typeof spec !== 'string' || !/^(\.\.\/){3,}/.test(spec)) return;
      const target = path
        .relative(root, path.resolve(path.dirname(context.filename), spec))
        .split(path.sep)
        .join('/');
      if (!/^(app|core|db|server)\//.test(target)) return;
      context.report({ node, messageId: 'deep', data: { spec, alias: `#${target}` } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
    };
  },
};

// @ts-check
import path from 'node:path';

/**
 * The dependency rule of docs/architecture.md#layers: a file in core/ may import only other files in core/
 * and the packages listed (validation shared with the web), never a framework, an SDK or node:*.
 */
export function coreBoundaryPlugin({ coreDir, allowedPackages }) {
  return boundaryPlugin({
    ruleName: 'only-core-and-allowed-packages',
    message: "core/ may not import '{{source}}': core imports no framework, SDK or node built-in (docs/architecture.md#layers).",
    dirs: [coreDir],
    allowedPackages,
  });
}

/**
 * The wire module's rule: api/ holds the paths, schemas and types of the HTTP API, shared by the
 * server's presenters and the web; it may import itself, core (relatively or as @core/…) and its
 * typing library, nothing else.
 */
export function apiBoundaryPlugin({ apiDir, coreDir, allowedPackages }) {
  return boundaryPlugin({
    ruleName: 'only-api-core-and-allowed-packages',
    message: "api/ may not import '{{source}}': the wire module imports only core and its typing library.",
    dirs: [apiDir, coreDir],
    aliases: ['@core/'],
    allowedPackages,
  });
}

function boundaryPlugin({ ruleName, message, dirs, aliases = [], allowedPackages }) {
  const roots = dirs.map((dir) => path.resolve(dir));
  /** @type {import('eslint').Rule.RuleModule} */
  const rule = {
    meta: { type: 'problem', messages: { outside: message } },
    create(context) {
      const file = path.resolve(context.filename);
      const check = (node, source) => {
        if (typeof source !== 'string') return;
        const relative = source.startsWith('./') || source.startsWith('../');
        const target = relative ? path.resolve(path.dirname(file), source) : '';
        const inside = relative && roots.some((root) => target.startsWith(root + path.sep));
        const aliased = !relative && aliases.some((alias) => source.startsWith(alias));
        if (inside || aliased || (!relative && allowedPackages.includes(source))) return;
        context.report({ node, messageId: 'outside', data: { source } });
      };
      return {
        ImportDeclaration: (node) => check(node, node.source.value),
        ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
        ExportAllDeclaration: (node) => check(node, node.source.value),
        ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
      };
    },
  };
  return { rules: { [ruleName]: rule } };
}

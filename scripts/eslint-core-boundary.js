// @ts-check
import path from 'node:path';

/**
 * The dependency rule of design section 1: a file in core/ may import only other files in core/
 * and the packages listed (validation shared with the web), never a framework, an SDK or node:*.
 */
export function coreBoundaryPlugin({ coreDir, allowedPackages }) {
  const root = path.resolve(coreDir);
  /** @type {import('eslint').Rule.RuleModule} */
  const rule = {
    meta: { type: 'problem', messages: { outside: "core/ may not import '{{source}}': core imports no framework, SDK or node built-in (design section 1)." } },
    create(context) {
      const file = path.resolve(context.filename);
      const check = (node, source) => {
        if (typeof source !== 'string') return;
        const relative = source.startsWith('./') || source.startsWith('../');
        const inside = relative && path.resolve(path.dirname(file), source).startsWith(root + path.sep);
        if (inside || (!relative && allowedPackages.includes(source))) return;
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
  return { rules: { 'only-core-and-allowed-packages': rule } };
}

/**
 * React's commits as its developer tools see them, for a test that asks which components React
 * drew again. react-dom looks for the hook once, as it loads, so test/web/setup.ts imports this
 * before anything loads react-dom; with no test listening, a commit costs a function call.
 */
export interface Fiber {
  type: unknown;
  alternate: Fiber | null;
  flags: number;
  child: Fiber | null;
  sibling: Fiber | null;
}

let listener: ((root: Fiber) => void) | null = null;

(globalThis as Record<string, unknown>).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
  supportsFiber: true,
  renderers: new Map(),
  inject: () => 1,
  onScheduleFiberRoot: () => {},
  onCommitFiberRoot: (_renderer: number, root: { current: Fiber }) => listener?.(root.current),
  onCommitFiberUnmount: () => {},
  onPostCommitFiberRoot: () => {},
  checkDCE: () => {},
};

// React marks a component that rendered in this commit with PerformedWork.
const PERFORMED_WORK = 1;

/**
 * Collects, until `stop`, the names of the components React drew again: those with a previous
 * version (`alternate`, so not drawn for the first time) that rendered in a commit.
 */
export function recordDrawnAgain(): { names: () => string[]; stop: () => void } {
  const names = new Set<string>();
  const visit = (fiber: Fiber | null) => {
    for (let node = fiber; node; node = node.sibling) {
      if (typeof node.type === 'function' && node.alternate && node.flags & PERFORMED_WORK) names.add((node.type as { name: string }).name);
      visit(node.child);
    }
  };
  listener = (root) => visit(root.child);
  return {
    names: () => [...names],
    stop: () => {
      listener = null;
    },
  };
}

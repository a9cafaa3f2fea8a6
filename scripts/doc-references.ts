import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Every reference in the repository's docs and code comments must lead somewhere inside it: a
 * link or a `docs/….md#heading` to a file and a heading that exist, and no path that climbs out of
 * the repository (the product's rules once lived in a folder beside it, which a clone lacks).
 */
export interface ReferenceProblem {
  /** Relative to the root, with forward slashes. */
  file: string;
  line: number;
  reference: string;
  problem: 'no such file' | 'no such heading' | 'outside the repository' | 'cites a section number instead of a heading';
}

const SKIPPED_FOLDERS = new Set(['node_modules', '.git', 'dist', 'data', 'test-results', 'scratch', 'coverage']);
const SKIPPED_FILES = new Set(['package-lock.json']);
const TEXT_FILE = /\.(?:[cm]?[jt]sx?|json|md|ya?ml|html|css|sh)$/;

/** Markdown links: [text](target), the target without a title. */
const MARKDOWN_LINK = /\]\(([^()\s]+)(?:\s+"[^"]*")?\)/g;
/** A docs page or the README named from the top of the repository, with an optional heading. */
const ROOT_DOC = /(?<![\w./-])((?:docs\/[\w./-]*?\.md)|README\.md)(#[\w-]+)?/g;
/** A relative path that climbs out of its folder, one or more levels. */
const CLIMBING_PATH = /(?<![\w.])(?:\.\.\/)+[^\s'"`)\]>,;]*/g;
/** A numbered section of a document that is not here (a numbered RFC section is fine). */
const SECTION_NUMBER = /(?<!RFC \d{3,4} )\bsections?\s+\d{1,2}\b|\b(?:spec|design|style)(?:'s)?\s+\d{1,2}\b/gi;
/** The names of the documents that lived beside the repository. */
const OUTSIDE_DOCUMENT = /(?<![\w./-])(?:spec|design|style)\.md\b/g;

/** Every problem with the references under root, in file and line order. */
export function findReferenceProblems(
  root: string,
  options: { /** Folders and files left unread. */ ignore?: readonly string[] } = {},
): ReferenceProblem[] {
  const absoluteRoot = path.resolve(root);
  const ignored = new Set((options.ignore ?? []).map((entry) => path.resolve(entry)));
  const headings = new Map<string, Set<string> | null>();
  const anchorsOf = (file: string) => {
    if (!headings.has(file))
      headings.set(file, existsSync(file) && statSync(file).isFile() ? headingAnchors(readFileSync(file, 'utf8')) : null);
    return headings.get(file)!;
  };

  const problems: ReferenceProblem[] = [];
  for (const file of textFiles(absoluteRoot, ignored)) {
    const relative = path.relative(absoluteRoot, file).split(path.sep).join('/');
    const directory = path.dirname(file);
    const isMarkdown = file.endsWith('.md');
    const seen = new Set<string>();
    const report = (line: number, reference: string, problem: ReferenceProblem['problem']) => {
      const key = `${line} ${reference} ${problem}`;
      if (seen.has(key)) return;
      seen.add(key);
      problems.push({ file: relative, line, reference, problem });
    };
    const checkTarget = (line: number, reference: string, target: string, anchor: string | undefined) => {
      if (!inside(absoluteRoot, target)) return report(line, reference, 'outside the repository');
      if (!existsSync(target)) return report(line, reference, 'no such file');
      if (anchor && target.endsWith('.md') && !anchorsOf(target)?.has(anchor)) report(line, reference, 'no such heading');
    };

    const lines = readFileSync(file, 'utf8').split('\n');
    let fenced = false;
    lines.forEach((text, index) => {
      const line = index + 1;
      if (isMarkdown && /^\s*```/.test(text)) fenced = !fenced;
      if (isMarkdown && !fenced) {
        for (const [, target] of text.matchAll(MARKDOWN_LINK)) {
          if (/^[a-z][\w+.-]*:/i.test(target!)) continue; // https:, mailto:
          const [filePart, anchor] = target!.split('#') as [string, string | undefined];
          checkTarget(line, target!, filePart ? path.resolve(directory, filePart) : file, anchor);
        }
      }
      for (const [reference, doc, anchor] of text.matchAll(ROOT_DOC)) {
        checkTarget(line, reference, path.resolve(absoluteRoot, doc!), anchor?.slice(1));
      }
      for (const [reference] of text.matchAll(CLIMBING_PATH)) {
        if (!inside(absoluteRoot, path.resolve(directory, reference))) report(line, reference, 'outside the repository');
      }
      for (const [reference] of text.matchAll(OUTSIDE_DOCUMENT)) report(line, reference, 'outside the repository');
      for (const [reference] of text.matchAll(SECTION_NUMBER)) report(line, reference, 'cites a section number instead of a heading');
    });
  }
  return problems;
}

/** The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const counts = new Map<string, number>();
  let fenced = false;
  for (const text of markdown.split('\n')) {
    if (/^\s*```/.test(text)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(text);
    if (!heading) continue;
    const base = heading[1]!
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const count = counts.get(base) ?? 0;
    counts.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

function inside(root: string, target: string): boolean {
  const relative = path.relative(root, target);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

function textFiles(folder: string, ignored: ReadonlySet<string>): string[] {
  if (ignored.has(folder)) return [];
  return readdirSync(folder, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : textFiles(full, ignored);
      if (!entry.isFile() || SKIPPED_FILES.has(entry.name) || ignored.has(full)) return [];
      return TEXT_FILE.test(entry.name) || full.endsWith(`${path.sep}.ci${path.sep}run`) ? [full] : [];
    });
}

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findReferenceProblems, headingAnchors } from '../../scripts/doc-references';

const root = fileURLToPath(new URL('../..', import.meta.url));
const fixture = path.join(root, 'test/adapters/fixtures/doc-references');
// The fixture's broken references, and this file's own copies of them, are meant to be broken.
const brokenOnPurpose = [fixture, fileURLToPath(import.meta.url)];

describe('references in the docs and in the code', () => {
  it('all lead to a file and a heading inside the repository', () => {
    expect(findReferenceProblems(root, { ignore: brokenOnPurpose })).toEqual([]);
  });

  it('fail on a missing heading or page, a path outside the repository, and a numbered section', () => {
    expect(findReferenceProblems(fixture)).toEqual([
      { file: 'README.md', line: 4, reference: 'docs/guide.md#tools', problem: 'no such heading' },
      { file: 'README.md', line: 5, reference: 'docs/notes.md', problem: 'no such file' },
      { file: 'README.md', line: 6, reference: '../shared/spec.md', problem: 'outside the repository' },
      { file: 'src/example.ts', line: 6, reference: 'docs/guide.md#setup', problem: 'no such heading' },
      { file: 'src/example.ts', line: 9, reference: 'section 2', problem: 'cites a section number instead of a heading' },
      { file: 'src/example.ts', line: 9, reference: 'design 3', problem: 'cites a section number instead of a heading' },
      { file: 'src/example.ts', line: 12, reference: '../../shared/design.md', problem: 'outside the repository' },
    ]);
  });

  it('names headings as GitHub anchors them', () => {
    expect([
      ...headingAnchors(
        '# The product’s rules\n## Sign-in and sign-up page\n## `GET /api/user`\n```\n# not a heading\n```\n## Calls\n## Calls',
      ),
    ]).toEqual(['the-products-rules', 'sign-in-and-sign-up-page', 'get-apiuser', 'calls', 'calls-1']);
  });
});

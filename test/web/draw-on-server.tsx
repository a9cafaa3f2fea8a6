/**
 * Draws guest pages as the server does, in a Node process of its own (no jsdom, no browser React):
 * reads `{ urls, answers }` as JSON on stdin and writes each page (or null) as JSON on stdout.
 * Run by test/web/server-rendering.test.tsx.
 */
import { text } from 'node:stream/consumers';
import { renderGuestPage } from '../../web/src/entry-server';

const { urls, answers } = JSON.parse(await text(process.stdin)) as { urls: string[]; answers: Record<string, unknown> };
const pages = [];
for (const url of urls) pages.push(await renderGuestPage(`http://localhost:3000${url}`, async (path) => answers[path]));
process.stdout.write(JSON.stringify(pages));

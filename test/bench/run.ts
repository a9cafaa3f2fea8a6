/**
 * Speed and size targets, measured rather than asserted in unit tests: npm run bench, or one or
 * more sections by name (npm run bench -- http search). Each line prints the figure, its target
 * and whether it was met; the exit code is non-zero when a target is missed.
 */
import { bundleBench } from './bundle-bench';
import { fleetBench } from './fleet-bench';
import { guestPathBench } from './guest-path-bench';
import { httpBench } from './http-bench';
import { lighthouseBench } from './lighthouse-bench';
import { say, summarize } from './report';
import { searchBench } from './search-bench';
import { suiteBench } from './suite-bench';
import { pinLoadGenerator } from './service-process';
import { unitBench } from './unit-bench';
import { viewsBench } from './views-bench';

const SECTIONS: Record<string, { about: string; run: () => Promise<void> }> = {
  unit: { about: 'money arithmetic, password hashing, the API one request at a time', run: unitBench },
  http: { about: 'the API under load beside its floors (bare Koa from memory, bare Koa + raw SQL), PGlite and PostgreSQL', run: httpBench },
  views: {
    about:
      "the family's views at 10, 1,000 and 10,000 gifts and the administrators' lists at 10, 1,000 and 10,000 registries, each beside its ratio to the figure at 10, PGlite and PostgreSQL",
    run: viewsBench,
  },
  search: { about: 'search at 10,000 and 1,000,000 registries on PostgreSQL, with the query plan', run: searchBench },
  bundle: {
    about: "the JavaScript a guest downloads from the short link to the checkout, and the libraries' part of it",
    run: bundleBench,
  },
  guest: {
    about:
      'a guest on a phone under Lighthouse’s DevTools throttling, from the short link to a usable gift form beside a floor page (no script), median of 5; layout shift of every guest page at 360 and 1280 px',
    run: guestPathBench,
  },
  lighthouse: {
    about: 'Lighthouse (mobile, DevTools throttling) on /, /registry/{id} and /gift/{id} (a registry with a photo), median of 5',
    run: lighthouseBench,
  },
  fleet: {
    about:
      'two instances on one PostgreSQL behind haproxy (retries 0), each rolled under gift journeys: failed answers, gifts paid, the ledger verified',
    run: fleetBench,
  },
  suite: { about: 'npm test step by step and each Vitest project, then npm run test:unit and the core project alone', run: suiteBench },
};

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(name in SECTIONS));
if (unknown.length > 0) {
  console.error(
    `Unknown section ${unknown.join(', ')}. Sections:\n${Object.entries(SECTIONS)
      .map(([name, { about }]) => `  ${name}: ${about}`)
      .join('\n')}`,
  );
  process.exit(2);
}
pinLoadGenerator();
// The suite section runs the whole test suite, and the fleet drill rolls a fleet: only when named.
const chosen = asked.length > 0 ? asked : Object.keys(SECTIONS).filter((name) => name !== 'suite' && name !== 'fleet');
for (const name of chosen) {
  say(`\n# ${name}: ${SECTIONS[name]!.about}`);
  await SECTIONS[name]!.run();
}
process.exit(summarize() > 0 ? 1 : 0);

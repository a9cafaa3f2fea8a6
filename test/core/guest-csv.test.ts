import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '@core/errors';
import { guestsFromCsv, type CsvLine } from '@core/guest/guest-csv';

const lines = (rows: readonly (readonly string[])[]): CsvLine[] => rows.map((cells, index) => ({ line: index + 1, cells }));

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('the list was accepted');
}

describe('reading a guest list', () => {
  it('reads headings in any order and in their common spellings, lower-casing the e-mail', async () => {
    const guests = await guestsFromCsv(
      lines([
        ['E-mail Address', 'Guest Name', 'Household Size', 'Postal code'],
        ['Dora@Example.com', 'Dora Levi', '3', 'M5V 2T6'],
      ]),
    );
    expect(guests).toEqual([
      {
        name: 'Dora Levi',
        email: 'dora@example.com',
        partySize: 3,
        street: null,
        city: null,
        region: null,
        postalCode: 'M5V 2T6',
        country: null,
      },
    ]);
  });

  it('merges lines with the same e-mail into one guest: the later name and size, each address part it gives', async () => {
    const guests = await guestsFromCsv(
      lines([
        ['Ben', 'ben@example.com', '2', '12 Elm St', 'Toronto'],
        ['Ben and Tova', 'BEN@example.com', '3', '', 'Montreal'],
      ]),
    );
    expect(guests).toEqual([
      {
        name: 'Ben and Tova',
        email: 'ben@example.com',
        partySize: 3,
        street: '12 Elm St',
        city: 'Montreal',
        region: null,
        postalCode: null,
        country: null,
      },
    ]);
  });

  it('keeps one guest per distinct e-mail, whatever the order and repeats of the lines', async () => {
    const guest = fc.record({
      name: fc.constantFrom('Dora', 'Ben', 'Tova', 'Eli'),
      email: fc.constantFrom('a@example.com', 'b@example.com', 'c@example.com', 'D@example.com'),
      size: fc.integer({ min: 1, max: 20 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(guest, { minLength: 1, maxLength: 30 }), async (rows) => {
        const guests = await guestsFromCsv(lines(rows.map((row) => [row.name, row.email, String(row.size)])));
        const emails = [...new Set(rows.map((row) => row.email.toLowerCase()))];
        expect(guests.map((read) => read.email)).toEqual(emails);
        for (const read of guests) {
          const last = rows.filter((row) => row.email.toLowerCase() === read.email).at(-1)!;
          expect([read.name, read.partySize]).toEqual([last.name, last.size]);
        }
      }),
    );
  });

  it('names every bad line by its number in the file, blank lines counted, and refuses the whole list', async () => {
    const bad = fc.constantFrom(['', 'x@example.com'], ['Ann', 'nope'], ['Ann', 'a@example.com', '0'], ['Ann', 'a@example.com', '2.5']);
    const good = fc.constantFrom(['Dora', 'dora@example.com'], ['', '', ''], ['Ben', 'ben@example.com', '2']);
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            bad.map((cells) => ({ bad: true, cells })),
            good.map((cells) => ({ bad: false, cells })),
          ),
          { minLength: 1, maxLength: 20 },
        ),
        async (rows) => {
          fc.pre(rows.some((row) => row.bad));
          const error = await refusal(guestsFromCsv(lines(rows.map((row) => row.cells))));
          const expected = rows.flatMap((row, index) => (row.bad ? [`line ${index + 1}`] : []));
          expect(Object.keys(error.fields ?? {})).toEqual(expected.slice(0, 50));
          expect(error.message).toMatch(/Nothing was imported/);
        },
      ),
    );
  });

  it('refuses an unknown column, a heading without an email column, and a list with no guests', async () => {
    expect(
      (
        await refusal(
          guestsFromCsv(
            lines([
              ['name', 'email', 'shoe'],
              ['Dora', 'd@example.com', '8'],
            ]),
          ),
        )
      ).fields,
    ).toEqual({ 'line 1': 'Unknown column “shoe”: the columns are name, email, party size, street, city, state, zip, country' });
    expect(
      (
        await refusal(
          guestsFromCsv(
            lines([
              ['name', 'city'],
              ['Dora', 'Toronto'],
            ]),
          ),
        )
      ).fields,
    ).toEqual({
      'line 1': 'The first line names the columns and needs an email column: name, email, party size, street, city, state, zip, country',
    });
    expect((await refusal(guestsFromCsv(lines([['name', 'email']])))).message).toBe('The list has its column names but no guests');
    expect((await refusal(guestsFromCsv(lines([['', ''], []])))).message).toBe('The list is empty: put one guest on each line');
  });
});

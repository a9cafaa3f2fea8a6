import { describe, expect, it } from 'vitest';
import {
  contributorsCsv,
  contributorsCsvFileName,
  csvField,
  neutraliseFormula,
} from '../../web/src/features/thank-you/lib/contributors-csv';
import { cardStatus, filterContributors, progressOfCounts } from '../../web/src/features/thank-you/lib/contributors';
import { aContributor, aNote } from './thank-you-fixtures';

describe('neutraliseFormula', () => {
  it.each(['=SUM(A1:A2)', '+1', '-1', '@cmd', '\tx', '\rx', ' =spaced', '\n=HYPERLINK("x")', '＝1+1', '＠cmd'])(
    'prefixes %j with a single quote',
    (value) => {
      expect(neutraliseFormula(value)).toBe(`'${value}`);
    },
  );

  it.each(['Rachel', '', "O'Brien", '1+1', 'a=b', 'Mazel tov!'])('leaves %j alone', (value) => {
    expect(neutraliseFormula(value)).toBe(value);
  });
});

describe('csvField (RFC 4180)', () => {
  it('leaves a plain value unquoted', () => {
    expect(csvField('Rachel Levy')).toBe('Rachel Levy');
  });

  it('quotes commas, quotes and line breaks, doubling the quotes', () => {
    expect(csvField('Levy, Rachel')).toBe('"Levy, Rachel"');
    expect(csvField('Rachel "Rae" Levy')).toBe('"Rachel ""Rae"" Levy"');
    expect(csvField('line one\nline two')).toBe('"line one\nline two"');
    expect(csvField('a\r\nb')).toBe('"a\r\nb"');
  });

  it('neutralises a formula before quoting', () => {
    expect(csvField('=HYPERLINK("http://evil.example","click")')).toBe('"\'=HYPERLINK(""http://evil.example"",""click"")"');
    expect(csvField('\r=1')).toBe('"\'\r=1"');
  });
});

describe('contributorsCsv', () => {
  it('writes the header and one row per contributor with CRLF line ends, the personal message last', () => {
    const csv = contributorsCsv([
      aContributor({
        amount: 36,
        createdAt: '2026-03-02T15:00:00.000Z',
        thankYouNote: null,
        personalMessage: 'Mazel tov, Noah!\nWith love',
      }),
      aContributor({
        id: 'g-2',
        giftGiverName: 'Levy, David "Dov"',
        giftGiverEmail: 'dov@example.com',
        amount: 180.5,
        createdAt: '2026-01-15T12:00:00.000Z',
        charityName: null,
        thankYouNote: aNote({ status: 'draft' }),
      }),
      aContributor({
        id: 'g-3',
        giftGiverName: '=cmd|"/c calc"!A1',
        giftGiverEmail: '@evil.example',
        amount: 0.1,
        createdAt: '2025-12-31T12:00:00.000Z',
        charityName: '-Charity',
        thankYouNote: aNote({ status: 'sent', sentAt: '2026-01-01T00:00:00.000Z' }),
        personalMessage: '=HYPERLINK("http://evil.example")',
      }),
    ]);
    expect(csv.split('\r\n')).toEqual([
      'Name,Email,Amount,Given By,Date,Charity,Card Status,Personal Message',
      'Rachel Levy,rachel@example.com,36.00,Online,2026-03-02,Jewish Federation Community Fund,No Card,"Mazel tov, Noah!\nWith love"',
      '"Levy, David ""Dov""",dov@example.com,180.50,Online,2026-01-15,,Draft,',
      `"'=cmd|""/c calc""!A1",'@evil.example,0.10,Online,2025-12-31,'-Charity,Sent,"'=HYPERLINK(""http://evil.example"")"`,
      '',
    ]);
  });

  it('says how each gift came, and leaves the e-mail empty for a gift given by hand without one', () => {
    const csv = contributorsCsv([
      aContributor({ id: 'o-1', giftGiverName: 'Uncle Ben', giftGiverEmail: null, givenBy: 'cash', charityId: null, charityName: null }),
      aContributor({
        id: 'o-2',
        giftGiverName: 'Aunt Dora',
        giftGiverEmail: 'dora@example.com',
        givenBy: 'check',
        charityId: null,
        charityName: null,
        amount: 36.5,
      }),
    ]);
    expect(csv.split('\r\n').slice(1, 3)).toEqual([
      'Uncle Ben,,36.00,Cash,2026-03-02,,No Card,',
      'Aunt Dora,dora@example.com,36.50,Check,2026-03-02,,No Card,',
    ]);
  });

  it('writes only the header when nobody has given yet', () => {
    expect(contributorsCsv([])).toBe('Name,Email,Amount,Given By,Date,Charity,Card Status,Personal Message\r\n');
  });

  it('leaves the date empty when it cannot be read', () => {
    expect(contributorsCsv([aContributor({ createdAt: 'not a date' })]).split('\r\n')[1]).toBe(
      'Rachel Levy,rachel@example.com,36.00,Online,,Jewish Federation Community Fund,No Card,',
    );
  });
});

describe('contributorsCsvFileName', () => {
  it('names the file after the child', () => {
    expect(contributorsCsvFileName('sarah-rose cohen')).toBe('sarah-rose-cohen-contributors.csv');
    expect(contributorsCsvFileName('Noah / Levi')).toBe('noah-levi-contributors.csv');
    expect(contributorsCsvFileName('???')).toBe('registry-contributors.csv');
  });
});

describe('card status, search and progress', () => {
  it('labels a card Sent, Draft or No Card', () => {
    expect(cardStatus({ thankYouNote: null })).toBe('No Card');
    expect(cardStatus({ thankYouNote: aNote({ status: 'draft' }) })).toBe('Draft');
    expect(cardStatus({ thankYouNote: aNote({ status: 'sent' }) })).toBe('Sent');
  });

  it('finds contributors by name or e-mail, ignoring case and spaces around the query', () => {
    const list = [aContributor(), aContributor({ id: 'g-2', giftGiverName: 'David Katz', giftGiverEmail: 'dk@mail.example.org' })];
    expect(filterContributors(list, '  LEVY ').map((c) => c.id)).toEqual(['g-1']);
    expect(filterContributors(list, 'mail.example').map((c) => c.id)).toEqual(['g-2']);
    expect(filterContributors(list, '')).toHaveLength(2);
    expect(filterContributors(list, 'zzz')).toEqual([]);
  });

  it('turns the server’s counts of every contributor into the bar: sent of all, as a whole percent', () => {
    expect(progressOfCounts({ contributors: 0, sent: 0, draft: 0, noCard: 0, notDelivered: 0 })).toEqual({ sent: 0, total: 0, percent: 0 });
    expect(progressOfCounts({ contributors: 3, sent: 1, draft: 1, noCard: 1, notDelivered: 0 })).toEqual({
      sent: 1,
      total: 3,
      percent: 33,
    });
  });
});

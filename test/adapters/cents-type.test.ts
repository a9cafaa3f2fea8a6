import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bigintToCents, CentsType, centsToBigint, centsToDecimal, decimalToCents } from '../../adapters/persistence/types/cents-type';
import { openEmptyDatabase, postgresUrl } from '../support/databases';

const safeCents = fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER });

describe('cents in decimal columns', () => {
  it('reads the text the database gives exactly, signed, with up to two decimals', () => {
    expect(decimalToCents('106.39')).toBe(10639);
    expect(decimalToCents('0.10')).toBe(10);
    expect(decimalToCents('0.1')).toBe(10);
    expect(decimalToCents('90')).toBe(9000);
    expect(decimalToCents('0.00')).toBe(0);
    expect(decimalToCents('-5.00')).toBe(-500);
    expect(decimalToCents('-0.01')).toBe(-1);
    expect(Object.is(decimalToCents('-0.00'), 0)).toBe(true);
    expect(decimalToCents('99999999.99')).toBe(9_999_999_999);
    expect(decimalToCents('90071992547409.91')).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('writes the text a decimal column takes', () => {
    expect(centsToDecimal(10639)).toBe('106.39');
    expect(centsToDecimal(10)).toBe('0.10');
    expect(centsToDecimal(0)).toBe('0.00');
    expect(centsToDecimal(-1)).toBe('-0.01');
    expect(centsToDecimal(-500)).toBe('-5.00');
    expect(centsToDecimal(Number.MIN_SAFE_INTEGER)).toBe('-90071992547409.91');
  });

  it('round-trips every safe integer of cents through its decimal text', () => {
    fc.assert(
      fc.property(safeCents, (cents) => {
        const text = centsToDecimal(cents);
        expect(text).toMatch(/^-?\d+\.\d\d$/);
        expect(decimalToCents(text)).toBe(cents);
      }),
    );
  });

  it('refuses a third decimal rather than rounding it away', () => {
    fc.assert(
      fc.property(safeCents, fc.integer({ min: 0, max: 9 }), (cents, digit) => {
        expect(() => decimalToCents(`${centsToDecimal(cents)}${digit}`)).toThrow(/not a decimal of at most two places/);
      }),
    );
  });

  it.each(['', 'abc', '1e3', '1,000.00', '.5', '5.', '+5.00', ' 5.00', 'NaN'])('refuses to read %j', (text) => {
    expect(() => decimalToCents(text)).toThrow(/not a decimal of at most two places/);
  });

  it.each(['90071992547409.92', '-90071992547409.92'])('refuses to read %j, which cents cannot count exactly', (text) => {
    expect(() => decimalToCents(text)).toThrow(/too large to count exactly in cents/);
  });

  it('refuses to read a number, which a decimal column never gives', () => {
    expect(() => decimalToCents(106.39 as unknown as string)).toThrow(/not a decimal of at most two places/);
  });

  it.each([0.5, 106.39, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1, '106.39', 10n])(
    'refuses to write %s',
    (value) => {
      expect(() => centsToDecimal(value as number)).toThrow(/not a whole number of cents/);
    },
  );
});

describe('cents in bigint columns', () => {
  it('reads the text PostgreSQL gives and the number PGlite gives', () => {
    expect(bigintToCents('-1500')).toBe(-1500);
    expect(bigintToCents('0')).toBe(0);
    expect(bigintToCents(-1500)).toBe(-1500);
    expect(bigintToCents(1500n)).toBe(1500);
  });

  it('round-trips every safe integer of cents', () => {
    fc.assert(
      fc.property(safeCents, (cents) => {
        expect(bigintToCents(centsToBigint(cents))).toBe(cents);
      }),
    );
  });

  it.each(['1.00', '1e3', '', 0.5, Number.NaN])('refuses to read %j', (value) => {
    expect(() => bigintToCents(value)).toThrow(/not a whole number of cents/);
  });

  it.each(['9007199254740992', '-9007199254740992', 2 ** 53, 2n ** 53n])(
    'refuses to read %s, which cents cannot count exactly',
    (value) => {
      expect(() => bigintToCents(value)).toThrow(/too large to count exactly in cents/);
    },
  );

  it('refuses to write what is not a whole number of cents', () => {
    expect(() => centsToBigint(0.5)).toThrow(/not a whole number of cents/);
  });
});

describe('the MikroORM type', () => {
  const decimal = new CentsType();
  const bigint = new CentsType('bigint');

  it('converts both ways by the column it stands for, and leaves null alone', () => {
    expect(decimal.convertToDatabaseValue(10639)).toBe('106.39');
    expect(decimal.convertToJSValue('106.39')).toBe(10639);
    expect(bigint.convertToDatabaseValue(-10639)).toBe('-10639');
    expect(bigint.convertToJSValue('-10639')).toBe(-10639);
    for (const type of [decimal, bigint]) {
      expect(type.convertToDatabaseValue(null)).toBeNull();
      expect(type.convertToJSValue(null)).toBeNull();
      expect(type.convertToDatabaseValue(undefined)).toBeUndefined();
    }
  });

  it('refuses to write a decimal string, as a property of cents never holds one', () => {
    expect(() => decimal.convertToDatabaseValue('0.00' as unknown as number)).toThrow(/not a whole number of cents/);
  });
});

describe.each(['pglite', ...(postgresUrl ? ['postgresql' as const] : [])] as const)('on %s', (kind) => {
  let database: Awaited<ReturnType<typeof openEmptyDatabase>>;
  beforeAll(async () => {
    database = await openEmptyDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('reads the decimals and sums the database gives, and what it was given back', async () => {
    const [row] = await database.orm.em.fork().execute<Record<string, string>[]>(
      `select ?::numeric(10,2) as "written", '0.10'::numeric(10,2) as "dime", '-106.39'::numeric(10,2) as "negative",
         (select sum(x) from (values ('0.10'::numeric(10,2)), ('0.20'::numeric(10,2))) as v(x)) as "sum",
         (select sum(x)::text from (values (-5::bigint), (2::bigint)) as v(x)) as "bigint_sum"`,
      [centsToDecimal(10639)],
    );
    expect(decimalToCents(row!.written!)).toBe(10639);
    expect(decimalToCents(row!.dime!)).toBe(10);
    expect(decimalToCents(row!.negative!)).toBe(-10639);
    expect(decimalToCents(row!.sum!)).toBe(30);
    expect(bigintToCents(row!.bigint_sum!)).toBe(-3);
  });

  it('stands for every decimal column of the entities', () => {
    const money = [...database.orm.getMetadata().getAll().values()].flatMap((meta) =>
      meta.props
        .filter((prop) => prop.columnTypes?.[0]?.startsWith('numeric'))
        .map((prop) => ({ entity: meta.className, property: prop.name, cents: prop.customType instanceof CentsType })),
    );
    expect(money.length).toBeGreaterThan(0);
    expect(money.filter((column) => !column.cents)).toEqual([]);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toWireAmount } from '@api/amount';
import { MAX_READABLE_CENTS, readAmount, readWireAmount, UnreadableAmount, type AmountProblem } from '@core/read-amount';
import { centsToDecimalString, MAX_CENTS } from '@core/money';

const cents = fc.integer({ min: 0, max: MAX_CENTS });
const readableCents = fc.integer({ min: 0, max: MAX_READABLE_CENTS });

function problemOf(read: () => unknown): AmountProblem | 'read' {
  try {
    read();
    return 'read';
  } catch (error) {
    if (error instanceof UnreadableAmount) return error.problem;
    throw error;
  }
}

describe('the one reader of incoming money (core/read-amount.ts)', () => {
  it('reads back every count of cents the server sends, exactly', () => {
    fc.assert(
      fc.property(cents, (value) => {
        expect(readWireAmount(toWireAmount(value))).toBe(value);
        expect(readWireAmount(-toWireAmount(value), { negative: true })).toBe(0 - value);
      }),
    );
  });

  it('reads every amount of 15 digits, as a number or as the decimal text the command line gives', () => {
    fc.assert(
      fc.property(readableCents, (value) => {
        expect(readWireAmount(Number(centsToDecimalString(value)))).toBe(value);
        expect(readWireAmount(centsToDecimalString(value), { text: true })).toBe(value);
      }),
    );
  });

  it('refuses every amount with three decimals or more, never rounding it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 99_999_999 }),
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 3, max: 6 }),
        (whole, last, places) => {
          const text = `${whole}.${'0'.repeat(places - 1)}${last}`;
          expect(problemOf(() => readWireAmount(text, { text: true }))).toBe('too-many-decimals');
          expect(problemOf(() => readWireAmount(Number(text)))).toBe('too-many-decimals');
        },
      ),
    );
  });

  it('refuses any number whose shortest form has more than two decimals', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e6, noNaN: true }), (value) => {
        const decimals = /\.(\d+)$/.exec(String(value))?.[1]?.length ?? 0;
        fc.pre(decimals > 2 || /e/.test(String(value)));
        expect(problemOf(() => readWireAmount(value))).toBe('too-many-decimals');
      }),
    );
  });

  it.each([
    [0.1 + 0.2, 'too-many-decimals'],
    [36.999, 'too-many-decimals'],
    [1e-7, 'too-many-decimals'],
    [Number.NaN, 'not-a-number'],
    [Number.POSITIVE_INFINITY, 'not-a-number'],
    [Number.NEGATIVE_INFINITY, 'not-a-number'],
    ['36', 'not-a-number'],
    [null, 'not-a-number'],
    [undefined, 'not-a-number'],
    [true, 'not-a-number'],
    [{}, 'not-a-number'],
    [[36], 'not-a-number'],
    [-0.01, 'negative'],
    [-36, 'negative'],
    [-1e22, 'negative'],
    [10_000_000_000_000, 'too-large'],
    [1e21, 'too-large'],
    [Number.MAX_VALUE, 'too-large'],
  ])('refuses %j (%s)', (input, problem) => {
    expect(problemOf(() => readWireAmount(input))).toBe(problem);
  });

  it.each([
    ['ten', 'not-a-number'],
    ['', 'not-a-number'],
    ['1e3', 'not-a-number'],
    ['1,000', 'not-a-number'],
    ['.5', 'not-a-number'],
    ['5.', 'not-a-number'],
    ['NaN', 'not-a-number'],
    ['Infinity', 'not-a-number'],
    ['0x10', 'not-a-number'],
    ['1.234', 'too-many-decimals'],
    ['10.500', 'too-many-decimals'],
    ['-5', 'negative'],
    ['10000000000000', 'too-large'],
  ])('refuses the text %j (%s)', (input, problem) => {
    expect(problemOf(() => readWireAmount(input, { text: true }))).toBe(problem);
  });

  it('reads zero however it is written, and below zero only where it is allowed', () => {
    expect(readWireAmount(0)).toBe(0);
    expect(readWireAmount(-0)).toBe(0);
    expect(readWireAmount('-0.00', { text: true })).toBe(0);
    expect(readWireAmount(' 90.05 ', { text: true })).toBe(9005);
    expect(readWireAmount(-40.48, { negative: true })).toBe(-4048);
    expect(readWireAmount('-9.99', { text: true, negative: true })).toBe(-999);
  });

  it('says what is wrong in words a person reads', () => {
    expect(() => readWireAmount('ten', { text: true })).toThrow('Amount must be a number');
    expect(() => readWireAmount(-1)).toThrow('Amount cannot be negative');
    expect(() => readWireAmount(1.005)).toThrow('Amount can have at most two decimals');
    expect(() => readWireAmount(1e15)).toThrow('Amount is too large');
  });
});

describe('readAmount, the reader without throwing', () => {
  const anyCents = fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER });
  const places = fc.constantFrom(0, 1, 2);

  function written(value: number, decimals: 0 | 1 | 2): string | null {
    const text = centsToDecimalString(value);
    if (decimals === 2) return text;
    if (decimals === 1) return text.endsWith('0') ? text.slice(0, -1) : null;
    return text.endsWith('.00') ? text.slice(0, -3) : null;
  }

  it('reads back every count of cents written with two, one or no decimals, in every form it takes', () => {
    fc.assert(
      fc.property(anyCents, places, fc.boolean(), (value, decimals, below) => {
        const text = written(value, decimals as 0 | 1 | 2);
        fc.pre(text !== null);
        const signed = below ? `-${text}` : text!;
        const expected = below ? 0 - value : value;
        expect(readAmount(signed, { from: 'column', negative: true, max: Number.MAX_SAFE_INTEGER })).toEqual({ ok: true, cents: expected });
        if (value <= MAX_READABLE_CENTS) {
          expect(readAmount(` ${signed}\t`, { from: 'typed', negative: true })).toEqual({ ok: true, cents: expected });
          expect(readAmount(Number(signed), { negative: true })).toEqual({ ok: true, cents: expected });
        }
      }),
    );
  });

  it('refuses below zero unless it is allowed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_READABLE_CENTS }), (value) => {
        expect(readAmount(`-${centsToDecimalString(value)}`, { from: 'typed' })).toEqual({ ok: false, problem: 'negative' });
        expect(readAmount(-Number(centsToDecimalString(value)))).toEqual({ ok: false, problem: 'negative' });
      }),
    );
  });

  it('refuses a third decimal or more in every form', () => {
    fc.assert(
      fc.property(anyCents, fc.integer({ min: 1, max: 9 }), fc.integer({ min: 1, max: 4 }), (value, last, extra) => {
        const text = `${centsToDecimalString(value)}${'0'.repeat(extra - 1)}${last}`;
        expect(readAmount(text, { from: 'column', negative: true, max: Number.MAX_SAFE_INTEGER })).toEqual({
          ok: false,
          problem: 'too-many-decimals',
        });
        expect(readAmount(text, { from: 'typed' })).toEqual({ ok: false, problem: 'too-many-decimals' });
      }),
    );
  });

  it('refuses more than its largest amount, and reads up to it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_CENTS }), fc.integer({ min: 1, max: 1_000_000 }), (max, over) => {
        expect(readAmount(centsToDecimalString(max), { from: 'typed', max })).toEqual({ ok: true, cents: max });
        expect(readAmount(centsToDecimalString(max + over), { from: 'typed', max })).toEqual({ ok: false, problem: 'too-large' });
      }),
    );
  });

  it('refuses any text that is not plain digits with an optional point and sign', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        fc.pre(!/^\s*-?\d+(\.\d+)?\s*$/.test(text));
        expect(readAmount(text, { from: 'typed', negative: true })).toEqual({ ok: false, problem: 'not-a-number' });
      }),
    );
  });

  it.each(['1,000.50', '+5.00', '1e3', '.5', '5.', '$5'])('refuses the typed text %j as no number', (text) => {
    expect(readAmount(text, { from: 'typed' })).toEqual({ ok: false, problem: 'not-a-number' });
  });

  it('reads text only where it is allowed, and trims only what a person typed', () => {
    expect(readAmount('36')).toEqual({ ok: false, problem: 'not-a-number' });
    expect(readAmount(36, { from: 'column' })).toEqual({ ok: false, problem: 'not-a-number' });
    expect(readAmount(' 36.00', { from: 'column' })).toEqual({ ok: false, problem: 'not-a-number' });
    expect(readAmount(' 36.00 ', { from: 'typed' })).toEqual({ ok: true, cents: 3600 });
  });
});

import { Type, type EntityMetadata, type EntityProperty, type Platform } from '@mikro-orm/core';
import type { Cents } from '@core/money';
import { readAmount } from '@core/read-amount';

/**
 * How a column holds money: `decimal` in the currency's units, as the data model gives the business
 * tables (docs/adr/0003-money-in-cents-and-decimal-columns.md), or `bigint` as a count of cents, as
 * the ledger's postings and the sandbox's balance hold it.
 */
export type CentsColumn = 'decimal' | 'bigint';

// Drivers give numeric and bigint columns, and sums of them, as text; the digits are read as
// digits, never through a float, and a third decimal is refused rather than rounded away.
const WHOLE = /^-?\d+$/;

function unreadable(text: unknown, column: CentsColumn): Error {
  const form = column === 'decimal' ? 'a decimal of at most two places' : 'a whole number of cents';
  return new Error(`The database gave ${JSON.stringify(text)} for an amount of money, which is not ${form} (amounts are never rounded)`);
}

function tooLarge(text: string): Error {
  return new Error(`The database gave ${text} for an amount of money, too large to count exactly in cents`);
}

function safe(cents: bigint, text: string): Cents {
  if (cents > BigInt(Number.MAX_SAFE_INTEGER) || cents < BigInt(Number.MIN_SAFE_INTEGER)) throw tooLarge(text);
  return Number(cents);
}

function checked(cents: unknown): Cents {
  if (typeof cents !== 'number' || !Number.isSafeInteger(cents)) {
    throw new Error(
      `${typeof cents === 'string' ? JSON.stringify(cents) : String(cents)} is not a whole number of cents, so it cannot be stored as money`,
    );
  }
  return cents;
}

/** "106.39" → 10639, "0.10" → 10, "-5.00" → -500: a decimal column's value, or a sum of them. */
export function decimalToCents(text: string): Cents {
  const reading = readAmount(text, { from: 'column', negative: true, max: Number.MAX_SAFE_INTEGER });
  if (reading.ok) return reading.cents;
  if (reading.problem === 'too-large') throw tooLarge(text);
  throw unreadable(text, 'decimal');
}

/** 10639 → "106.39": the text a decimal column takes, exact whatever the amount. */
export function centsToDecimal(cents: Cents): string {
  const digits = String(Math.abs(checked(cents))).padStart(3, '0');
  return `${cents < 0 ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/**
 * "-1500" → -1500: a bigint column of cents, or a sum of them. PostgreSQL's driver gives a bigint as
 * text; PGlite's gives a number.
 */
export function bigintToCents(value: string | number | bigint): Cents {
  if (typeof value === 'number' && Number.isInteger(value)) return safe(BigInt(value), String(value));
  if (typeof value === 'bigint') return safe(value, String(value));
  if (typeof value !== 'string' || !WHOLE.test(value)) throw unreadable(value, 'bigint');
  return safe(BigInt(value), value);
}

/** -1500 → "-1500": the text a bigint column of cents takes. */
export function centsToBigint(cents: Cents): string {
  return String(checked(cents));
}

/**
 * Money properties are integer cents (core's `Cents`) while their columns keep the type the data
 * model gives them: every read and write of such a property goes through here, so no repository
 * converts by hand. Raw statements bind and read amounts with the functions above.
 */
export class CentsType extends Type<Cents | null | undefined, string | number | null | undefined> {
  constructor(readonly column: CentsColumn = 'decimal') {
    super();
  }

  override convertToDatabaseValue(value: Cents | null | undefined): string | null | undefined {
    if (value === null || value === undefined) return value;
    return this.column === 'decimal' ? centsToDecimal(value) : centsToBigint(value);
  }

  override convertToJSValue(value: string | number | null | undefined): Cents | null | undefined {
    if (value === null || value === undefined) return value;
    return this.column === 'decimal' ? decimalToCents(value as string) : bigintToCents(value);
  }

  override getColumnType(prop: EntityProperty, platform: Platform): string {
    return this.column === 'decimal' ? platform.getDecimalTypeDeclarationSQL(prop) : platform.getBigIntTypeDeclarationSQL(prop);
  }

  // The snapshot MikroORM compares holds the column's text, one form per amount ("5.00", never "5.0").
  override compareAsType(): string {
    return 'string';
  }

  override get runtimeType(): string {
    return 'number';
  }
}

/**
 * Rows mapped to properties without becoming entities (the driver's mapResult, a query builder's
 * mapped results) skip custom types, so their amounts are still the columns' text: this reads
 * them into cents as hydration would.
 */
export function withCents<T extends object>(row: T, meta: EntityMetadata<T>): T {
  const values = row as Record<string, unknown>;
  for (const prop of meta.props) {
    if (prop.customType instanceof CentsType && prop.name in values) {
      values[prop.name] = prop.customType.convertToJSValue(values[prop.name] as string | number | null | undefined);
    }
  }
  return row;
}

import type { JSONSchema } from './json-schema';
import type { DescribedSchema } from './operation';

/** The part of yup's `describe()` the document reads. */
interface Description {
  type: string;
  optional?: boolean;
  nullable?: boolean;
  oneOf?: unknown[];
  default?: unknown;
  tests?: { name?: string; params?: Record<string, unknown> }[];
  fields?: Record<string, Description>;
  innerType?: Description;
  /** What the document says of the field in words. */
  meta?: { description?: string };
}

type Schema = Record<string, unknown>;

const LENGTH_TESTS: Record<string, [string, string]> = { min: ['minLength', 'min'], max: ['maxLength', 'max'] };

function describeField(description: Description): Schema {
  const schema: Schema = {};
  const type = description.type === 'date' ? 'string' : description.type === 'mixed' ? undefined : description.type;
  if (type) schema.type = description.nullable ? [type, 'null'] : type;
  if (description.type === 'date') schema.format = 'date-time';
  const values = (description.oneOf ?? []).filter((value) => value !== undefined);
  if (values.length > 0) schema.enum = description.nullable ? [...values, null] : values;
  if (description.default !== undefined && typeof description.default !== 'function') schema.default = description.default;
  for (const test of description.tests ?? []) {
    const params = test.params ?? {};
    if (description.type === 'string' && test.name && LENGTH_TESTS[test.name]) {
      const [keyword, param] = LENGTH_TESTS[test.name]!;
      if (typeof params[param] === 'number') schema[keyword] = params[param];
    } else if (description.type === 'string' && test.name === 'email') {
      schema.format = 'email';
    } else if (description.type === 'number' && test.name === 'min') {
      if (typeof params.min === 'number') schema.minimum = params.min;
      if (typeof params.more === 'number') schema.exclusiveMinimum = params.more;
    } else if (description.type === 'number' && test.name === 'integer') {
      schema.type = description.nullable ? ['integer', 'null'] : 'integer';
    } else if (description.type === 'number' && test.name === 'max' && typeof params.max === 'number') {
      schema.maximum = params.max;
    } else if (description.type === 'array' && test.name === 'max' && typeof params.max === 'number') {
      schema.maxItems = params.max;
    }
  }
  if (description.fields) {
    const fields = Object.entries(description.fields);
    schema.properties = Object.fromEntries(fields.map(([name, field]) => [name, describeField(field)]));
    const required = fields.filter(([, field]) => field.optional === false).map(([name]) => name);
    if (required.length > 0) schema.required = required;
    // Core refuses fields a call does not name.
    schema.additionalProperties = false;
  }
  if (description.innerType) schema.items = describeField(description.innerType);
  if (description.meta?.description) schema.description = description.meta.description;
  return schema;
}

const BOUNDS = ['min', 'max', 'more', 'less'];

/**
 * Said in words, not as multipleOf 0.01, which many validators get wrong in floating point
 * (36.5 / 0.01 is 3650.0000000000005).
 */
const MONEY_DESCRIPTION = 'In the currency’s units, with at most two decimals (36.50); more decimals are refused.';

/**
 * A request schema of core's whose money fields hold cents, described as the wire carries them:
 * numbers in the currency's units (readWireAmount reads them into cents before core sees them),
 * so a bound of 2,500,000 cents reads 25,000, and cents are whole but the amounts are not (36.50).
 */
export function inWireUnits(schema: DescribedSchema, moneyFields: readonly string[]): DescribedSchema {
  return {
    describe() {
      const description = schema.describe() as Description;
      const fields = { ...description.fields };
      for (const name of moneyFields) {
        const field = fields[name];
        if (!field) throw new Error(`No money field ${name} in the request schema`);
        const inUnits = (field.tests ?? [])
          .filter((test) => test.name !== 'integer')
          .map((test) => ({ ...test, params: toUnits(test.params) }));
        fields[name] = { ...field, tests: inUnits, meta: { ...field.meta, description: MONEY_DESCRIPTION } };
      }
      return { ...description, fields };
    },
  };
}

function toUnits(params: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!params) return params;
  return Object.fromEntries(
    Object.entries(params).map(([key, value]) => [key, BOUNDS.includes(key) && typeof value === 'number' ? value / 100 : value]),
  );
}

function isDescribed(schema: DescribedSchema | JSONSchema): schema is DescribedSchema {
  return typeof schema === 'object' && typeof (schema as Partial<DescribedSchema>).describe === 'function';
}

/**
 * A request body's JSON Schema: core's yup schema read through its own description (the rules
 * the document can state: types, required fields, choices, lengths, bounds), or a JSON Schema
 * given as it is.
 */
export function requestBodySchema(schema: DescribedSchema | JSONSchema): JSONSchema {
  return isDescribed(schema) ? (describeField(schema.describe() as Description) as JSONSchema) : schema;
}

import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function problemsIn(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  const boundaryRules = ['boundary/only-core-and-allowed-packages', 'no-restricted-imports'];
  return (result?.messages ?? []).filter((m) => boundaryRules.includes(m.ruleId ?? '')).map((m) => m.message);
}

describe('the dependency rule', () => {
  it.each([
    "import Koa from 'koa';",
    "import { MikroORM } from '@mikro-orm/core';",
    "import Stripe from 'stripe';",
    "import { readFileSync } from 'node:fs';",
    "import { randomUUID } from 'crypto';",
    "import { useState } from 'react';",
    "import { createHttpApp } from '../adapters/http/app';",
    "export { openOrm } from '../adapters/persistence/orm';",
    "const sdk = await import('@sendgrid/mail');",
  ])('fails the lint when core says %s', async (line) => {
    expect(await problemsIn('core/example.ts', `${line}\nexport const x = 1;\n`)).toHaveLength(1);
  });

  it('lets core import itself and yup', async () => {
    expect(await problemsIn('core/example.ts', "import * as yup from 'yup';\nimport { splitGift } from './split';\nexport const x = [yup, splitGift];\n")).toEqual([]);
    expect(await problemsIn('core/gift/example.ts', "import { DomainError } from '../errors';\nexport const x = DomainError;\n")).toEqual([]);
  });

  it('keeps web away from the server side', async () => {
    expect(await problemsIn('web/src/example.ts', "import { openOrm } from '../../adapters/persistence/orm';\nexport const x = openOrm;\n")).toHaveLength(1);
  });
});

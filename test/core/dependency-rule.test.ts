import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cruise } from 'dependency-cruiser';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { forbidden } from '../../.dependency-cruiser.js';

const eslint = new ESLint();

async function problemsIn(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  const boundaryRules = ['boundary/only-core-and-allowed-packages', 'boundary/only-api-core-and-allowed-packages', 'no-restricted-imports'];
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
    expect(
      await problemsIn(
        'core/example.ts',
        "import * as yup from 'yup';\nimport { splitGift } from './split';\nexport const x = [yup, splitGift];\n",
      ),
    ).toEqual([]);
    expect(await problemsIn('core/gift/example.ts', "import { DomainError } from '../errors';\nexport const x = DomainError;\n")).toEqual(
      [],
    );
  });

  it.each([
    "import Koa from 'koa';",
    "import { readFileSync } from 'node:fs';",
    "import * as yup from 'yup';",
    "import { presentGift } from '../adapters/http/presenters/gifts';",
    "import { useUser } from '../web/src/lib/use-user';",
  ])('fails the lint when the wire module (api/) says %s', async (line) => {
    expect(await problemsIn('api/example.ts', `${line}\nexport const x = 1;\n`)).toHaveLength(1);
  });

  it('lets api/ import itself, core and its typing library', async () => {
    const code =
      "import type { FromSchema } from 'json-schema-to-ts';\nimport { CURRENCIES } from '@core/money';\nimport { giftSchema } from '../core/gift/gift-schemas';\nimport { text } from './json-schema';\nexport type X = FromSchema<typeof text>;\nexport const x = [CURRENCIES, giftSchema];\n";
    expect(await problemsIn('api/example.ts', code)).toEqual([]);
  });

  it.each(["import { toWireAmount } from '@api/amount';", "import { toWireAmount } from '../api/amount';"])(
    'fails the lint when core says %s',
    async (line) => {
      expect(await problemsIn('core/example.ts', `${line}\nexport const x = toWireAmount;\n`)).toHaveLength(1);
    },
  );

  it('keeps web away from the server side', async () => {
    expect(
      await problemsIn('web/src/example.ts', "import { openOrm } from '../../adapters/persistence/orm';\nexport const x = openOrm;\n"),
    ).toHaveLength(1);
  });
});

/** The rules `npm run lint` checks with dependency-cruiser, run over a small tree of files written for the case. */
async function violationsIn(files: Record<string, string>): Promise<string[]> {
  const baseDir = mkdtempSync(path.join(tmpdir(), 'boundaries-'));
  for (const [file, code] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(baseDir, file)), { recursive: true });
    writeFileSync(path.join(baseDir, file), code);
  }
  const result = await cruise(['.'], { baseDir, validate: true, ruleSet: { forbidden }, tsPreCompilationDeps: true });
  const output = result.output as { summary: { violations: { rule: { name: string }; from: string; to: string }[] } };
  return output.summary.violations.map((violation) => `${violation.rule.name}: ${violation.from} -> ${violation.to}`);
}

describe('the boundaries between adapters, web features and modules', () => {
  it('fail the lint when one adapter folder imports another, not within one', async () => {
    expect(
      await violationsIn({
        'adapters/http/routes.ts':
          "import { openOrm } from '../persistence/orm';\nimport { log } from './log';\nexport const x = [openOrm, log];\n",
        'adapters/http/log.ts': 'export const log = 1;\n',
        'adapters/persistence/orm.ts': 'export const openOrm = 1;\n',
      }),
    ).toEqual(['no-sideways-adapters: adapters/http/routes.ts -> adapters/persistence/orm.ts']);
  });

  it("let the in-memory gateway use the sandbox's dispute rules and no other adapter", async () => {
    expect(
      await violationsIn({
        'adapters/in-memory/in-memory-payment-gateway.ts':
          "import { sandboxDisputeDecision } from '../payments/sandbox/sandbox-dispute-rules';\nimport { SANDBOX_CARDS } from '../payments/sandbox/sandbox-test-cards';\nimport { clock } from './fixed-clock';\nexport const x = [sandboxDisputeDecision, SANDBOX_CARDS, clock];\n",
        'adapters/in-memory/fixed-clock.ts': 'export const clock = 1;\n',
        'adapters/in-memory/in-memory-photo-store.ts':
          "import { sandboxDisputeDecision } from '../payments/sandbox/sandbox-dispute-rules';\nexport const x = sandboxDisputeDecision;\n",
        'adapters/payments/sandbox/sandbox-dispute-rules.ts': 'export const sandboxDisputeDecision = 1;\n',
        'adapters/payments/sandbox/sandbox-test-cards.ts': 'export const SANDBOX_CARDS = 1;\n',
      }),
    ).toEqual([
      'in-memory-gateway-plays-the-sandbox-issuer: adapters/in-memory/in-memory-payment-gateway.ts -> adapters/payments/sandbox/sandbox-test-cards.ts',
      'no-sideways-adapters: adapters/in-memory/in-memory-photo-store.ts -> adapters/payments/sandbox/sandbox-dispute-rules.ts',
    ]);
  });

  it('fail the lint when one web feature imports another, not when it uses shared pieces', async () => {
    expect(
      await violationsIn({
        'web/src/features/gifts/gift-page.ts':
          "import { LandingPage } from '../home/landing-page';\nimport { useUser } from '../../lib/use-user';\nexport const x = [LandingPage, useUser];\n",
        'web/src/features/home/landing-page.ts': 'export const LandingPage = 1;\n',
        'web/src/lib/use-user.ts': 'export const useUser = 1;\n',
      }),
    ).toEqual(['no-cross-feature-imports: web/src/features/gifts/gift-page.ts -> web/src/features/home/landing-page.ts']);
  });

  it('fail the lint when a feature imports the app that composes it, or a shared component imports a feature', async () => {
    expect(
      await violationsIn({
        'web/src/features/gifts/gift-page.ts':
          "import { AppRoutes } from '../../app/router';\nimport { Button } from '../../components/button';\nexport const x = [AppRoutes, Button];\n",
        'web/src/app/router.ts': 'export const AppRoutes = 1;\n',
        'web/src/components/button.ts': 'export const Button = 1;\n',
        'web/src/components/layout/nav-bar.ts':
          "import { useLogout } from '../../features/auth/auth-actions';\nimport { useUser } from '../../lib/use-user';\nexport const x = [useLogout, useUser];\n",
        'web/src/features/auth/auth-actions.ts': 'export const useLogout = 1;\n',
        'web/src/lib/use-user.ts': 'export const useUser = 1;\n',
      }),
    ).toEqual([
      'components-never-import-features: web/src/components/layout/nav-bar.ts -> web/src/features/auth/auth-actions.ts',
      'features-never-import-app: web/src/features/gifts/gift-page.ts -> web/src/app/router.ts',
    ]);
  });

  it('let web import only the pure modules of core it shares with the server', async () => {
    expect(
      await violationsIn({
        'web/src/checkout.ts':
          "import { startGift } from '../../core/gift/start-gift';\nimport { giftBreakdown } from '../../core/fees';\nexport const x = [startGift, giftBreakdown];\n",
        'core/gift/start-gift.ts': 'export const startGift = 1;\n',
        'core/fees.ts': 'export const giftBreakdown = 1;\n',
      }),
    ).toEqual(['web-imports-pure-core: web/src/checkout.ts -> core/gift/start-gift.ts']);
  });

  it('fail the lint when api/ reaches past core or into a use case, or core imports api/; not when the web imports api/', async () => {
    const violations = await violationsIn({
      'api/gifts.ts':
        "import { startGift } from '../core/gift/start-gift';\nimport { money } from '../core/money';\nimport { log } from '../adapters/http/log';\nexport const x = [startGift, money, log];\n",
      'core/gift/start-gift.ts': "import { gifts } from '../../api/gifts';\nexport const startGift = gifts;\n",
      'core/money.ts': 'export const money = 1;\n',
      'adapters/http/log.ts': 'export const log = 1;\n',
      'web/src/gift-form.ts': "import { x } from '../../api/gifts';\nexport const form = x;\n",
    });
    expect(violations.filter((violation) => violation.includes('web/'))).toEqual([]);
    expect(violations).toEqual(
      expect.arrayContaining([
        'api-imports-only-core: api/gifts.ts -> adapters/http/log.ts',
        'api-imports-pure-core: api/gifts.ts -> core/gift/start-gift.ts',
        'core-never-imports-api: core/gift/start-gift.ts -> api/gifts.ts',
      ]),
    );
  });

  it("fail the lint when core's folders import each other in a circle, though no module does", async () => {
    const violations = await violationsIn({
      'core/gift/refund-gift.ts': "import { closeRegistry } from '../payout/close-registry';\nexport const refundGift = closeRegistry;\n",
      'core/gift/gift-emails.ts': "import { money } from '../money';\nexport const giftEmails = money;\n",
      'core/payout/close-registry.ts': "import { money } from '../money';\nexport const closeRegistry = money;\n",
      'core/payout/payout-emails.ts': "import { giftEmails } from '../gift/gift-emails';\nexport const payoutEmails = giftEmails;\n",
      'core/money.ts': 'export const money = 1;\n',
    });
    expect(violations.filter((violation) => violation.startsWith('core-folders'))).toEqual([
      'core-folders-stand-in-floors: core/gift -> core/payout',
      'core-folders-stand-in-floors: core/payout -> core/gift',
    ]);
    expect(violations.filter((violation) => violation.startsWith('no-cycles'))).toEqual([]);
  });

  it("let core's folders stand on each other in one direction", async () => {
    expect(
      await violationsIn({
        'core/payout/close-registry.ts':
          "import { refundGift } from '../gift/refund-gift';\nimport type { Gift } from '../model/gift';\nexport const closeRegistry = refundGift;\nexport type G = Gift;\n",
        'core/gift/refund-gift.ts':
          "import type { Gift } from '../model/gift';\nimport { money } from '../money';\nexport const refundGift = money;\nexport type G = Gift;\n",
        'core/model/gift.ts': "import type { Cents } from '../money';\nexport interface Gift { amount: Cents }\n",
        'core/money.ts': 'export type Cents = number;\nexport const money = 1;\n',
      }),
    ).toEqual([]);
  });

  it('fail the lint on an import cycle', async () => {
    const violations = await violationsIn({
      'adapters/cli/admin-commands.ts':
        "import { payoutCommand } from './payout-commands';\nexport const runAdminCommand = () => payoutCommand;\n",
      'adapters/cli/payout-commands.ts':
        "import { runAdminCommand } from './admin-commands';\nexport const payoutCommand = () => runAdminCommand;\n",
    });
    expect(violations).toEqual(expect.arrayContaining([expect.stringMatching(/^no-cycles: adapters\/cli\//)]));
  });
});

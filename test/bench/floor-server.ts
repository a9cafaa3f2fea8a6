/**
 * The floors the real server is compared with, each a bare Koa server in a process of its own:
 *
 * - FLOOR_MODE=memory answers each benchmarked call with the very bytes the real server answered
 *   (read from FLOOR_BODIES at start): the cost of Koa and HTTP alone.
 * - FLOOR_MODE=sql runs the same SQL statements the real server runs for the call, with a raw
 *   client (node-postgres with FLOOR_DATABASE_URL, or PGlite on a copy of the data folder with
 *   FLOOR_PGLITE_DIR), and writes the same JSON: the cost of the database on top. A registry's page
 *   runs the registry's statements and answers the page's bytes (from FLOOR_BODIES); search runs the
 *   rate limits' statements too (two counts and a read), as the real server does.
 *
 * Both compress as the real server does (koa-compress, over a kilobyte), as the client asks.
 *
 * It is a measuring stick, not a product: no sessions, no validation, no security headers.
 */
import { readFileSync } from 'node:fs';
import Koa from 'koa';
import compress from 'koa-compress';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { childNameSearchWords, wordPrefixPattern } from '@core/registry/child-name-search';
import { SEARCH_LIMIT } from '@core/registry/list-registries';
import { giftListSearchKeys } from '@core/model/gift-list';
import { FLOOR_SQL } from './floor-sql';

type Row = Record<string, unknown>;
interface Database {
  query: (sql: string, params: unknown[]) => Promise<Row[]>;
  transaction: <T>(work: (query: Database['query']) => Promise<T>) => Promise<T>;
}

async function openDatabase(): Promise<Database> {
  const url = process.env.FLOOR_DATABASE_URL;
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    return {
      query: async (sql, params) => (await pool.query(sql, params)).rows as Row[],
      transaction: async (work) => {
        const client = await pool.connect();
        try {
          await client.query('begin');
          const result = await work(async (sql, params) => (await client.query(sql, params)).rows as Row[]);
          await client.query('commit');
          return result;
        } catch (error) {
          await client.query('rollback');
          throw error;
        } finally {
          client.release();
        }
      },
    };
  }
  const db = await PGlite.create(process.env.FLOOR_PGLITE_DIR!, { extensions: { pg_trgm } });
  return {
    query: async (sql, params) => (await db.query<Row>(sql, params)).rows,
    transaction: (work) => db.transaction((tx) => work(async (sql, params) => (await tx.query<Row>(sql, params)).rows)),
  };
}

const iso = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).toISOString();
const amount = (cents: number) => Number((cents / 100).toFixed(2));

type Bodies = Record<string, { status: number; type: string; body: string }>;
const readBodies = (): Bodies => JSON.parse(readFileSync(process.env.FLOOR_BODIES!, 'utf8')) as Bodies;

/** The rate limits search counts on (adapters/http/rate-limit-policies.ts): a minute's searches, an hour's answers listed. */
const SEARCH_LIMITS = { searches: { prefix: 'search-network', ms: 60_000 }, results: { prefix: 'search-results-network', ms: 3_600_000 } };

async function sqlFloor(app: Koa): Promise<void> {
  const db = await openDatabase();
  const pages = readBodies();
  // The real server keeps the charities in memory too.
  const charityNames = new Map((await db.query('select id, name from charities', [])).map((row) => [String(row.id), String(row.name)]));
  const charityOf = (row: Row) => {
    const id = row.preferred_charity_id ? String(row.preferred_charity_id) : null;
    const name = id ? charityNames.get(id) : undefined;
    return id && name ? { id, name } : null;
  };
  // As the real server's presenters write them, key for key.
  const card = (row: Row) => ({
    id: row.id,
    shortCode: row.short_code,
    childName: row.child_name,
    celebrationDate: iso(row.celebration_date),
    photoUrl: row.photo_url,
    preferredCharity: charityOf(row),
    currency: row.currency,
    status: row.status,
  });
  const publicView = (row: Row, giftCount: number) => ({
    id: row.id,
    shortCode: row.short_code,
    childName: row.child_name,
    celebrationDate: iso(row.celebration_date),
    personalMessage: row.personal_message,
    photoUrl: row.photo_url,
    preferredCharityId: row.preferred_charity_id,
    preferredCharity: charityOf(row),
    allowCharityChoice: row.allow_charity_choice,
    status: row.status,
    currency: row.currency,
    giftCount,
    hasGifts: giftCount > 0,
    createdAt: iso(row.created_at),
    isOwner: false,
  });
  let paymentCounter = 0;

  app.use(async (ctx) => {
    if (ctx.method === 'GET' && ctx.path === '/api/registries/search') {
      const network = ctx.get('X-Forwarded-For') || ctx.ip;
      const now = Date.now();
      await db.query(FLOOR_SQL.consumeLimit, [`${SEARCH_LIMITS.searches.prefix}:${network}`, 1, now + SEARCH_LIMITS.searches.ms, now]);
      await db.query(FLOOR_SQL.readLimit, [`${SEARCH_LIMITS.results.prefix}:${network}`, now]);
      const words = childNameSearchWords(ctx.query.q);
      const rows = await db.query(FLOOR_SQL.search, [words.join(' '), `(?i)${wordPrefixPattern(words)}`, SEARCH_LIMIT]);
      if (rows.length > 0)
        await db.query(FLOOR_SQL.consumeLimit, [
          `${SEARCH_LIMITS.results.prefix}:${network}`,
          rows.length,
          now + SEARCH_LIMITS.results.ms,
          now,
        ]);
      ctx.body = rows.map(card);
    } else if (ctx.method === 'GET' && ctx.path.startsWith('/registry/')) {
      const id = ctx.path.slice('/registry/'.length);
      const page = pages[`GET ${ctx.path}`];
      const [row] = await db.query(FLOOR_SQL.registryById, [id]);
      if (!row || !page) {
        ctx.status = 404;
        return;
      }
      await db.query(FLOOR_SQL.succeededCount, [id]);
      ctx.type = page.type;
      ctx.body = page.body;
    } else if (ctx.method === 'GET' && ctx.path.startsWith('/api/registries/')) {
      const id = ctx.path.slice('/api/registries/'.length);
      const [row] = await db.query(FLOOR_SQL.registryById, [id]);
      if (!row) {
        ctx.status = 404;
        return;
      }
      const [count] = await db.query(FLOOR_SQL.succeededCount, [id]);
      ctx.body = publicView(row, Number(count?.count ?? 0));
    } else if (ctx.method === 'POST' && ctx.path === '/api/create-payment-intent') {
      const body = JSON.parse(await readBody(ctx.req)) as {
        registryId: string;
        charityId: string;
        giftGiverName: string;
        giftGiverEmail: string;
        amount: number;
      };
      paymentCounter += 1;
      const now = Date.now();
      const address = ctx.get('X-Forwarded-For') || String(paymentCounter);
      await db.query(FLOOR_SQL.countAttempt, [`payment-address:${address}`, now + 600_000, now]);
      const cents = Math.round(body.amount * 100);
      const charity = Math.round(cents / 10);
      const total = Math.ceil((cents + 300 + 30) / (1 - 0.029));
      const gift = await db.transaction(async (query) => {
        // In the server's order (core/gift/start-gift.ts): the charity, then the registry locked.
        await query(FLOOR_SQL.charityById, [body.charityId]);
        const [registry] = await query(FLOOR_SQL.registryForUpdate, [body.registryId]);
        const keys = giftListSearchKeys(body.giftGiverName, body.giftGiverEmail.toLowerCase(), null);
        const [inserted] = await query(FLOOR_SQL.insertGift, [
          body.registryId,
          body.charityId,
          body.giftGiverName,
          body.giftGiverEmail.toLowerCase(),
          registry!.currency,
          (cents / 100).toFixed(2),
          ((cents - charity) / 100).toFixed(2),
          (charity / 100).toFixed(2),
          '3.00',
          ((total - cents - 300) / 100).toFixed(2),
          null,
          null,
          'pending',
          false,
          null,
          new Date(),
          keys.giverKey,
          keys.emailKey,
          keys.messageKey,
        ]);
        return inserted!;
      });
      const intentId = `sbx_pi_USD_${total}_${String(gift.id).slice(0, 24)}`;
      await db.query(FLOOR_SQL.attachIntent, [intentId, gift.id]);
      // The server notes which address counted the start, so a paid one gives it back (payment-starts.ts).
      await db.query(FLOOR_SQL.noteStart, [intentId, address, now + 600_000]);
      ctx.status = 201;
      ctx.body = {
        clientSecret: `${intentId}_secret_floor`,
        paymentIntentId: intentId,
        breakdown: {
          baseAmount: amount(cents),
          childAmount: amount(cents - charity),
          charityAmount: amount(charity),
          platformFee: 3,
          stripeFee: amount(total - cents - 300),
          totalAmount: amount(total),
        },
      };
    } else if (ctx.path === '/api/health') {
      ctx.body = { status: 'ok' };
    } else {
      ctx.status = 404;
    }
  });
}

function readBody(request: NodeJS.ReadableStream): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => resolve(text));
    request.on('error', reject);
  });
}

function memoryFloor(app: Koa): void {
  const bodies = readBodies();
  app.use((ctx) => {
    const answer =
      ctx.path === '/api/health' ? { status: 200, type: 'application/json', body: '{"status":"ok"}' } : bodies[`${ctx.method} ${ctx.url}`];
    if (!answer) {
      ctx.status = 404;
      return;
    }
    ctx.status = answer.status;
    ctx.type = answer.type;
    ctx.body = answer.body;
  });
}

const app = new Koa();
app.use(compress({ threshold: 1024 }));
if (process.env.FLOOR_MODE === 'memory') memoryFloor(app);
else await sqlFloor(app);
const server = app.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));

/**
 * The statements the real server runs for each benchmarked call (as its repositories write them),
 * which the SQL floor runs with a raw client. When a repository's query changes, change it here
 * too, or the floor measures something else.
 */
export const FLOOR_SQL = {
  registryById: 'select * from registries where id = $1',
  succeededCount: `select count(*) as count from gifts where registry_id = $1 and payment_status = 'succeeded'`,
  search: `select r.* from (
    select "registry_id", "child_name", "celebration_date" from "registry_name_prefixes"
    where "prefix" = registry_name_search_key($1) and "child_name" ~ $2
    order by "child_name", "celebration_date", "registry_id" limit $3
  ) as p join "registries" as r on r."id" = p."registry_id"
  where r."status" = 'open' and r."is_active" and not r."unlisted" and r."child_name" ~ $2
  order by p."child_name", p."celebration_date", p."registry_id"`,
  // The payment intent: the address's attempt counted, the registry locked, the charity checked,
  // the pending gift written, then the provider's intent id saved on it.
  countAttempt: `insert into rate_limits (key, points, expire) values ($1, 1, $2)
    on conflict (key) do update set points = case when rate_limits.expire <= $3 then 1 else rate_limits.points + 1 end,
    expire = case when rate_limits.expire <= $3 then $2 else rate_limits.expire end returning points, expire`,
  // rate-limiter-flexible's own statements (RateLimiterPostgres): a count of points, and a read.
  consumeLimit: `insert into rate_limits values ($1, $2, $3)
    on conflict(key) do update set points = case when (rate_limits.expire <= $4 or 1=0) then $2 else rate_limits.points + ($2) end,
    expire = case when rate_limits.expire <= $4 then $3 else rate_limits.expire end returning points, expire`,
  readLimit: 'select points, expire from rate_limits where key = $1 and (expire > $2 or expire is null)',
  registryForUpdate: 'select * from registries where id = $1 for update',
  charityById: 'select * from charities where id = $1',
  insertGift: `insert into gifts (registry_id, charity_id, gift_giver_name, gift_giver_email, amount, child_amount, charity_amount, platform_fee, stripe_fee, payment_status, giver_key, email_key, message_key)
    values ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'pending', $10, $11, $12) returning id`,
  attachIntent: `update gifts set stripe_payment_intent_id = $1 where id = $2 and payment_status = 'pending'`,
  // Which address counted the start, so a paid one gives it back (adapters/persistence/payment-start-notes.ts).
  noteStart: `insert into "payment_start_notes" ("payment_intent_id", "counter_key", "expire") values ($1, $2, $3) on conflict ("payment_intent_id") do nothing`,
} as const;

-- Keno orders placed together (orderPlumbing.placeAtOnce, a batch of two: a real order with a key, a trial order without): one statement, no transaction around it; an order is placed only if its draw is still on sale and its wallet covers it.

-- debits, orders, history, ledger rows, the keys with their answers, the outbox rows
with v as (
      select * from jsonb_to_recordset($1::jsonb)
        as v(i int, user_id bigint, account text, kind text, amount bigint, unless_debt boolean,
             sale_id bigint, sale_at timestamptz, sale_close_at timestamptz, row jsonb, reason text,
             key text, request_hash text, answer text, effects text)
    ), wallet_locks as (
        select user_id from wallets where user_id in (select user_id from "v") order by user_id for update
      ), wallet_moved as (
        update wallets w
           set balance = w.balance - case when s.account = 'real' then s.amount else 0 end,
               trial_balance = w.trial_balance - case when s.account = 'trial' then s.amount else 0 end,
               updated_at = now()
          from "v" s join wallet_locks l on l.user_id = s.user_id
         where w.user_id = s.user_id
           and case when s.account = 'real' then w.balance else w.trial_balance end >= s.amount
           and not (s.unless_debt and exists (select 1 from wallet_debts where wallet_debts.user_id = s.user_id and remaining > 0))
           and exists (select 1 from draws where id = s.sale_id and status = 'scheduled'
   and sales_open_at <= s.sale_at and s.sale_at < sales_close_at and sales_close_at = s.sale_close_at)
        returning s.i, w.balance, w.trial_balance, case when s.account = 'real' then w.balance else w.trial_balance end as after
      ), debited as (select v.* from v join wallet_moved m on m.i = v.i), placed as (
        insert into orders ("user_id", "product_code", "issue", "draw_id", "status", "trial", "multiplier", "plays", "units", "points_spent", "stake", "sales_close_at", "created_at", "updated_at")
        select "r"."user_id", "r"."product_code", "r"."issue", "r"."draw_id", "r"."status", "r"."trial", "r"."multiplier", "r"."plays", "r"."units", "r"."points_spent", "r"."stake", "r"."sales_close_at", "r"."created_at", "r"."updated_at"
          from "debited" s cross join lateral jsonb_populate_record(null::orders, s.row) r
         order by s.i
        returning id, user_id, status, created_at
      ), pv as (
      select v.i, v.user_id, v.account, v.kind, v.amount, 'order' as ref_type, p.id::text as ref_id,
             p.id as order_id, p.status, p.created_at, v.reason, v.key, v.request_hash, m.after,
             replace(v.answer, $2, p.id::text) as answer,
             replace(replace(replace(replace(replace(v.effects, $3, p.id::text),
               $4, p.id::text), $5, p.id::text),
               $6, m.balance::text),
               $7, m.trial_balance::text) as effects
        from v join wallet_moved m on m.i = v.i join placed p on p.user_id = v.user_id
    ), first_entry as (
        insert into order_status_history (order_id, "from", "to", at, reason)
        select order_id, null, status, created_at, reason from "pv" order by i
      ), wallet_entry as (
        insert into ledger (user_id, account, kind, amount, balance_after, ref_type, ref_id)
        select user_id, account, kind, -amount, after, ref_type, ref_id from "pv" order by i
      ), key_answer as (
      insert into idempotency_keys (user_id, scope, key, request_hash, status_code, response_body)
      select user_id, $8, key, request_hash, $9, answer::jsonb from "pv" where key is not null
    ), outbox_row as (
        insert into outbox (effects)
        select jsonb_agg(e.effect order by s.i, e.n)
          from "pv" s cross join lateral jsonb_array_elements(s.effects::jsonb) with ordinality as e(effect, n)
        having count(*) > 0
      ) select i, order_id from pv;
-- $1 = "<the orders, below>"
-- $2 = "<order id>"
-- $3 = "<order id>"
-- $4 = "\"<order id as a number>\""
-- $5 = "<order id as a number>"
-- $6 = "\"<balance>\""
-- $7 = "\"<trial balance>\""
-- $8 = "order"
-- $9 = 201
-- the orders ($1):
--   {"i":0,"user_id":7,"account":"real","kind":"order","amount":1000,"unless_debt":true,"sale_id":55,"sale_at":"2026-05-01T12:00:00.000Z","sale_close_at":"2026-05-01T12:04:30.000Z","row":{"user_id":7,"product_code":"TWB01","issue":"115000123","draw_id":55,"status":0,"trial":false,"multiplier":1,"plays":[{"type":"pick","stars":3,"numbers":[1,2,3]}],"units":1,"points_spent":1000,"stake":{"amount":25,"currency":"TWD"},"sales_close_at":"2026-05-01T12:04:30.000Z","created_at":"2026-05-01T12:00:00.000Z","updated_at":"2026-05-01T12:00:00.000Z"},"reason":"order placed","key":"key-0001","request_hash":"d4bf7c91a8d3aee49c31f364c3fbae6908cd5565f38e2d245a124a59d0bc33c8","answer":"{\"order\":{\"id\":\"<order id>\",\"productCode\":\"TWB01\",\"issue\":\"115000123\",\"status\":0,\"statusLabel\":\"pending_confirmation\",\"trial\":false,\"specialNumber\":null,\"multiplier\":1,\"units\":1,\"pointsSpent\":1000,\"stake\":{\"amount\":25,\"currency\":\"TWD\"},\"fee\":{\"amount\":0,\"currency\":\"TWD\"},\"salesCloseAt\":\"2026-05-01T12:04:30.000Z\",\"createdAt\":\"2026-05-01T12:00:00.000Z\",\"updatedAt\":\"2026-05-01T12:00:00.000Z\",\"ticketRef\":null,\"officialResult\":null,\"prize\":null,\"settledAt\":null,\"refundCause\":null,\"refusalReason\":null,\"playType\":\"keno\",\"selections\":[{\"type\":\"pick\",\"stars\":3,\"numbers\":[1,2,3]}],\"drawResult\":null}}","effects":"[{\"kind\":\"event\",\"message\":{\"room\":\"user:7\",\"event\":\"order\",\"payload\":{\"id\":\"<order id>\",\"status\":0,\"prevStatus\":null,\"updatedAt\":\"2026-05-01T12:00:00.000Z\"}},\"staleAfter\":\"2026-05-01T12:00:30.000Z\"},{\"kind\":\"event\",\"message\":{\"room\":\"user:7\",\"event\":\"balance\",\"payload\":{\"balance\":\"<balance>\",\"trialBalance\":\"<trial balance>\",\"at\":\"2026-05-01T12:00:00.000Z\"}},\"staleAfter\":\"2026-05-01T12:00:30.000Z\"},{\"kind\":\"job\",\"queue\":\"order-purchase\",\"name\":\"purchase\",\"data\":{\"orderIds\":[\"<order id as a number>\"]},\"jobId\":\"purchase-<order id as a number>-momv1xc0\",\"opts\":{\"removeOnComplete\":true},\"gather\":{\"field\":\"orderIds\",\"max\":256}},{\"kind\":\"job\",\"queue\":\"order-timeout\",\"name\":\"order-timeout\",\"data\":{\"closeAt\":\"2026-05-01T12:04:30.000Z\"},\"jobId\":\"order-timeout-momv7po0\",\"runAt\":\"2026-05-01T12:04:30.000Z\",\"opts\":{\"removeOnComplete\":true}}]"}
--   {"i":1,"user_id":8,"account":"trial","kind":"order","amount":1000,"unless_debt":false,"sale_id":55,"sale_at":"2026-05-01T12:00:00.000Z","sale_close_at":"2026-05-01T12:04:30.000Z","row":{"user_id":8,"product_code":"TWB01","issue":"115000123","draw_id":55,"status":8,"trial":true,"multiplier":1,"plays":[{"type":"pick","stars":3,"numbers":[1,2,3]}],"units":1,"points_spent":1000,"stake":{"amount":25,"currency":"TWD"},"sales_close_at":"2026-05-01T12:04:30.000Z","created_at":"2026-05-01T12:00:00.000Z","updated_at":"2026-05-01T12:00:00.000Z"},"reason":"trial order placed","key":null,"request_hash":null,"answer":"{\"order\":{\"id\":\"<order id>\",\"productCode\":\"TWB01\",\"issue\":\"115000123\",\"status\":8,\"statusLabel\":\"trial_play\",\"trial\":true,\"specialNumber\":null,\"multiplier\":1,\"units\":1,\"pointsSpent\":1000,\"stake\":{\"amount\":25,\"currency\":\"TWD\"},\"fee\":{\"amount\":0,\"currency\":\"TWD\"},\"salesCloseAt\":\"2026-05-01T12:04:30.000Z\",\"createdAt\":\"2026-05-01T12:00:00.000Z\",\"updatedAt\":\"2026-05-01T12:00:00.000Z\",\"ticketRef\":null,\"officialResult\":null,\"prize\":null,\"settledAt\":null,\"refundCause\":null,\"refusalReason\":null,\"playType\":\"keno\",\"selections\":[{\"type\":\"pick\",\"stars\":3,\"numbers\":[1,2,3]}],\"drawResult\":null}}","effects":"[{\"kind\":\"event\",\"message\":{\"room\":\"user:8\",\"event\":\"order\",\"payload\":{\"id\":\"<order id>\",\"status\":8,\"prevStatus\":null,\"updatedAt\":\"2026-05-01T12:00:00.000Z\"}},\"staleAfter\":\"2026-05-01T12:00:30.000Z\"},{\"kind\":\"event\",\"message\":{\"room\":\"user:8\",\"event\":\"balance\",\"payload\":{\"balance\":\"<balance>\",\"trialBalance\":\"<trial balance>\",\"at\":\"2026-05-01T12:00:00.000Z\"}},\"staleAfter\":\"2026-05-01T12:00:30.000Z\"}]"}

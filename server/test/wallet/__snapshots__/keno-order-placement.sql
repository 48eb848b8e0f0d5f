-- Keno order placement (orderPlumbing.placeAtOnce): one statement, no transaction around it; nothing happens unless the draw is still on sale and the wallet covers it.

-- debit, order, history, ledger row, the key with its answer, the outbox row
with wallet_moved as (
        update wallets
           set "balance" = "balance" + $1, updated_at = now()
         where user_id = $2 and "balance" + $3 >= 0 and not exists (select 1 from wallet_debts where wallet_debts.user_id = $4 and remaining > 0) and exists (select 1 from draws where id = $5 and status = 'scheduled'
       and sales_open_at <= $6 and $7 < sales_close_at and sales_close_at = $8)
        returning balance, trial_balance, "balance" as after
      ), placed as (
        insert into orders ("user_id", "product_code", "issue", "draw_id", "status", "trial", "multiplier", "plays", "units", "points_spent", "stake", "sales_close_at", "created_at", "updated_at")
        select $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22 from "wallet_moved"
        returning id
      ), first_entry as (
        insert into order_status_history (order_id, "from", "to", at, reason)
        select placed.id, null, $23, $24, $25 from placed
      ), wallet_entry as (
        insert into ledger (user_id, account, kind, amount, balance_after, ref_type, ref_id)
        select $26, $27, $28, $29, wallet_moved.after, $30, (select id from placed)::text from wallet_moved
      ), key_answer as (
      insert into idempotency_keys (user_id, scope, key, request_hash, status_code, response_body)
      select $31, $32, $33, $34, $35, (replace($36, $37, (select id from placed)::text))::jsonb from "placed"
    ), outbox_row as (insert into outbox (effects) select (replace(replace(replace($38, $39, (select id from placed)::text),
        $40, (select balance from wallet_moved)::text),
        $41, (select trial_balance from wallet_moved)::text))::jsonb from "placed") select id from placed;
-- $1 = -1000
-- $2 = "7"
-- $3 = -1000
-- $4 = "7"
-- $5 = "55"
-- $6 = "2026-05-01T12:00:00.000Z"
-- $7 = "2026-05-01T12:00:00.000Z"
-- $8 = "2026-05-01T12:04:30.000Z"
-- $9 = "7"
-- $10 = "TWB01"
-- $11 = "115000123"
-- $12 = "55"
-- $13 = 0
-- $14 = false
-- $15 = 1
-- $16 = "[{\"type\":\"pick\",\"stars\":3,\"numbers\":[1,2,3]}]"
-- $17 = 1
-- $18 = 1000
-- $19 = "{\"amount\":25,\"currency\":\"TWD\"}"
-- $20 = "2026-05-01T12:04:30.000Z"
-- $21 = "2026-05-01T12:00:00.000Z"
-- $22 = "2026-05-01T12:00:00.000Z"
-- $23 = 0
-- $24 = "2026-05-01T12:00:00.000Z"
-- $25 = "order placed"
-- $26 = "7"
-- $27 = "real"
-- $28 = "order"
-- $29 = -1000
-- $30 = "order"
-- $31 = "7"
-- $32 = "order"
-- $33 = "key-0001"
-- $34 = "d4bf7c91a8d3aee49c31f364c3fbae6908cd5565f38e2d245a124a59d0bc33c8"
-- $35 = 201
-- $36 = "{\"order\":{\"id\":\"<order id>\",\"productCode\":\"TWB01\",\"issue\":\"115000123\",\"status\":0,\"statusLabel\":\"pending_confirmation\",\"trial\":false,\"specialNumber\":null,\"multiplier\":1,\"units\":1,\"pointsSpent\":1000,\"stake\":{\"amount\":25,\"currency\":\"TWD\"},\"fee\":{\"amount\":0,\"currency\":\"TWD\"},\"salesCloseAt\":\"2026-05-01T12:04:30.000Z\",\"createdAt\":\"2026-05-01T12:00:00.000Z\",\"updatedAt\":\"2026-05-01T12:00:00.000Z\",\"ticketRef\":null,\"officialResult\":null,\"prize\":null,\"settledAt\":null,\"playType\":\"keno\",\"selections\":[{\"type\":\"pick\",\"stars\":3,\"numbers\":[1,2,3]}],\"drawResult\":null}}"
-- $37 = "<order id>"
-- $38 = "[{\"kind\":\"event\",\"message\":{\"room\":\"user:7\",\"event\":\"order\",\"payload\":{\"id\":\"<order id>\",\"status\":0,\"prevStatus\":null,\"updatedAt\":\"2026-05-01T12:00:00.000Z\"}},\"staleAfter\":\"2026-05-01T12:00:30.000Z\"},{\"kind\":\"event\",\"message\":{\"room\":\"user:7\",\"event\":\"balance\",\"payload\":{\"balance\":\"<balance>\",\"trialBalance\":\"<trial balance>\",\"at\":\"2026-05-01T12:00:00.000Z\"}},\"staleAfter\":\"2026-05-01T12:00:30.000Z\"},{\"kind\":\"job\",\"queue\":\"order-purchase\",\"name\":\"purchase\",\"data\":{\"orderId\":\"<order id>\"},\"jobId\":\"purchase-<order id>-momv1xc0\",\"opts\":{\"removeOnComplete\":true}},{\"kind\":\"job\",\"queue\":\"order-timeout\",\"name\":\"order-timeout\",\"data\":{\"closeAt\":\"2026-05-01T12:04:30.000Z\"},\"jobId\":\"order-timeout-momv7po0\",\"runAt\":\"2026-05-01T12:04:30.000Z\",\"opts\":{\"removeOnComplete\":true}}]"
-- $39 = "<order id>"
-- $40 = "\"<balance>\""
-- $41 = "\"<trial balance>\""

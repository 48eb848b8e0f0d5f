-- Refund at the sales cut-off (orders service expire): transition 0/1 → 9, then the refund credit, one transaction.

-- lock the order and read its status
select "status" from "orders" where "id" = $1 for update;
-- $1 = 1001

-- move it to 9 (timeout), only from the status seen
update "orders" set "status" = $1, "updated_at" = $2 where "id" = $3 and "status" = $4 returning *;
-- $1 = 9
-- $2 = "2026-05-01T12:00:00.000Z"
-- $3 = 1001
-- $4 = 0

-- its status history entry
insert into "order_status_history" ("order_id", "from", "to", "at", "reason") values ($1, $2, $3, $4, $5);
-- $1 = 1001
-- $2 = 0
-- $3 = 9
-- $4 = "2026-05-01T12:00:00.000Z"
-- $5 = "sales closed before purchase: refunded"

-- the refund credit
with moved as (
  update wallets
     set "balance" = "balance" + $1, updated_at = now()
   where user_id = $2 and "balance" + $3 >= 0
  returning balance, trial_balance, "balance" as after
)
insert into ledger (user_id, account, kind, amount, balance_after, ref_type, ref_id)
select $4, $5, $6, $7, moved.after, $8, $9 from moved
returning id, (select balance from moved) as balance, (select trial_balance from moved) as trial_balance;
-- $1 = 1000
-- $2 = 7
-- $3 = 1000
-- $4 = 7
-- $5 = "real"
-- $6 = "refund"
-- $7 = 1000
-- $8 = "order"
-- $9 = "1001"

-- Order placement (orderPlumbing.place → ordersRepo.insert, then walletService.debit), one transaction.

-- the order row and its first status history entry
with "placed" as (insert into "orders" ("user_id", "product_code", "issue", "draw_id", "status", "trial", "multiplier", "plays", "units", "points_spent", "stake", "sales_close_at", "created_at", "updated_at") values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) returning *), "first_entry" as (insert into "order_status_history" ("order_id", "from", "to", "at", "reason") select "placed"."id", null as "from", "placed"."status", "placed"."created_at", $15 as "reason" from "placed") select * from "placed";
-- $1 = 7
-- $2 = "TWB01"
-- $3 = "115000123"
-- $4 = 55
-- $5 = 0
-- $6 = false
-- $7 = 1
-- $8 = "[{\"type\":\"pick\",\"stars\":3,\"numbers\":[1,2,3]}]"
-- $9 = 1
-- $10 = 1000
-- $11 = "{\"amount\":25,\"currency\":\"TWD\"}"
-- $12 = "2026-05-01T12:04:30.000Z"
-- $13 = "2026-05-01T12:00:00.000Z"
-- $14 = "2026-05-01T12:00:00.000Z"
-- $15 = "order placed"

-- the debit of points_spent, refused while the member owes points
with moved as (
  update wallets
     set "balance" = "balance" + $1, updated_at = now()
   where user_id = $2 and "balance" + $3 >= 0 and not exists (select 1 from wallet_debts where wallet_debts.user_id = $4 and remaining > 0)
  returning balance, trial_balance, "balance" as after
)
insert into ledger (user_id, account, kind, amount, balance_after, ref_type, ref_id)
select $5, $6, $7, $8, moved.after, $9, $10 from moved
returning id, (select balance from moved) as balance, (select trial_balance from moved) as trial_balance;
-- $1 = -1000
-- $2 = 7
-- $3 = -1000
-- $4 = 7
-- $5 = 7
-- $6 = "real"
-- $7 = "order"
-- $8 = -1000
-- $9 = "order"
-- $10 = "1001"

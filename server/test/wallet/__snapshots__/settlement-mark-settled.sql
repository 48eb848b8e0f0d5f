-- Keno settlement of a batch (settlementRepo.markSettled, then walletService.credit per winner), one transaction.

-- lock the batch in id order
select "id" from "orders" where "id" in ($1, $2) order by "id" for update;
-- $1 = "1001"
-- $2 = "1002"

-- settle the orders not yet settled
update orders set prize = v.prize, draw_result = v.draw_result, settled_at = $1, updated_at = $2
from (values ($3::bigint, $4::bigint, $5::jsonb), ($6::bigint, $7::bigint, $8::jsonb)) as v(id, prize, draw_result)
where orders.id = v.id and orders.settled_at is null and orders.status in (2, 8)
returning orders.id, orders.user_id, orders.status, orders.trial, orders.updated_at, orders.prize;
-- $1 = "2026-05-01T12:00:00.000Z"
-- $2 = "2026-05-01T12:00:00.000Z"
-- $3 = "1001"
-- $4 = 4500
-- $5 = "{\"lines\":[{\"matched\":[1,2,3],\"prize\":45}]}"
-- $6 = "1002"
-- $7 = 0
-- $8 = "{\"lines\":[{\"matched\":[],\"prize\":0}]}"

-- the prize credit of a winner
with moved as (
  update wallets
     set "balance" = "balance" + $1, updated_at = now()
   where user_id = $2 and "balance" + $3 >= 0
  returning balance, trial_balance, "balance" as after
)
insert into ledger (user_id, account, kind, amount, balance_after, ref_type, ref_id)
select $4, $5, $6, $7, moved.after, $8, $9 from moved
returning id, (select balance from moved) as balance, (select trial_balance from moved) as trial_balance;
-- $1 = 4500
-- $2 = "7"
-- $3 = 4500
-- $4 = "7"
-- $5 = "real"
-- $6 = "prize"
-- $7 = 4500
-- $8 = "order"
-- $9 = "1001"

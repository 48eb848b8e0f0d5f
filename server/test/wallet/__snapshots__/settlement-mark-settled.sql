-- Keno settlement of a batch (settlementRepo.lockTickets and markSettled, then walletService.credit per winner), one transaction.

-- read and lock the orders of the batch still to settle, in id order
select "id", "user_id", "status", "trial", "multiplier", "plays" from "orders" where "id" = any($1::bigint[]) and status in (2, 8) and "settled_at" is null order by "id" for update;
-- $1 = [1001,1002]

-- settle the orders not yet settled
update orders set prize = v.prize, draw_result = v.draw_result, settled_at = $1, updated_at = $2
from jsonb_to_recordset($3::jsonb) as v(id bigint, prize bigint, draw_result jsonb)
where orders.id = v.id and orders.id = any($4::bigint[]) and orders.settled_at is null and orders.status in (2, 8)
returning orders.id;
-- $1 = "2026-05-01T12:00:00.000Z"
-- $2 = "2026-05-01T12:00:00.000Z"
-- $3 = "[{\"id\":1001,\"prize\":4500,\"draw_result\":{\"lines\":[{\"matched\":[1,2,3],\"prize\":45}]}},{\"id\":1002,\"prize\":0,\"draw_result\":{\"lines\":[{\"matched\":[],\"prize\":0}]}}]"
-- $4 = [1001,1002]

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
-- $2 = 7
-- $3 = 4500
-- $4 = 7
-- $5 = "real"
-- $6 = "prize"
-- $7 = 4500
-- $8 = "order"
-- $9 = "1001"

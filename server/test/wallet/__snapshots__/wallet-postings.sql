-- Wallet postings (walletRepo.post): one statement moves the balance and writes the ledger row; a debit is a negative amount.

-- credit 50.00 GP to the real balance (a prize)
with moved as (
  update wallets
     set "balance" = "balance" + $1, updated_at = now()
   where user_id = $2 and "balance" + $3 >= 0
  returning balance, trial_balance, "balance" as after
)
insert into ledger (user_id, account, kind, amount, balance_after, ref_type, ref_id)
select $4, $5, $6, $7, moved.after, $8, $9 from moved
returning id, (select balance from moved) as balance, (select trial_balance from moved) as trial_balance;
-- $1 = 5000
-- $2 = 7
-- $3 = 5000
-- $4 = 7
-- $5 = "real"
-- $6 = "prize"
-- $7 = 5000
-- $8 = "order"
-- $9 = "1001"

-- debit 12.50 GP from the trial balance (a trial order)
with moved as (
  update wallets
     set "trial_balance" = "trial_balance" + $1, updated_at = now()
   where user_id = $2 and "trial_balance" + $3 >= 0
  returning balance, trial_balance, "trial_balance" as after
)
insert into ledger (user_id, account, kind, amount, balance_after, ref_type, ref_id)
select $4, $5, $6, $7, moved.after, $8, $9 from moved
returning id, (select balance from moved) as balance, (select trial_balance from moved) as trial_balance;
-- $1 = -1250
-- $2 = 7
-- $3 = -1250
-- $4 = 7
-- $5 = "trial"
-- $6 = "order"
-- $7 = -1250
-- $8 = "order"
-- $9 = "1001"

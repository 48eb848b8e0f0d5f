-- Order transition (ordersRepo.transition), here 1 → 2 with the ticket: the update is conditional on the status the lock saw.

-- lock the order and read its status
select "status" from "orders" where "id" = $1 for update;
-- $1 = 1001

-- move it, only from the status seen
update "orders" set "status" = $1, "updated_at" = $2, "ticket_ref" = $3, "purchased_at" = $4 where "id" = $5 and "status" = $6 returning *;
-- $1 = 2
-- $2 = "2026-05-01T12:00:00.000Z"
-- $3 = "T-0001"
-- $4 = "2026-05-01T12:00:00.000Z"
-- $5 = 1001
-- $6 = 1

-- its status history entry
insert into "order_status_history" ("order_id", "from", "to", "at", "reason") values ($1, $2, $3, $4, $5);
-- $1 = 1001
-- $2 = 1
-- $3 = 2
-- $4 = "2026-05-01T12:00:00.000Z"
-- $5 = "purchased (simulated)"

-- The ledger becomes append-only, as TigerBeetle's is. A hold's leg stays a PENDING row for ever; posting it inserts
-- a row of its own (key <leg key>:posted, state POSTED, pending_id = the leg's id) that the entries belong to, and
-- voiding it one keyed <leg key>:voided (state VOIDED). Nothing in ledger_transfers or ledger_entries is updated or
-- deleted after this migration: triggers refuse it. ledger_transfer_states reads the ledger as it read before, each
-- transfer once and a leg in the state its resolution gave it.

alter table ledger_transfers add column pending_id uuid references ledger_transfers (id);

-- Legs posted or voided before this migration were rewritten in place: each gets the resolution row it would have
-- had (at the time it was settled), its entries move to that row, and the leg goes back to what it was, PENDING.
insert into ledger_transfers (id, idempotency_key, reservation_key, debit_account, credit_account, amount, state,
                              description, created_at, settled_at, pending_id)
select gen_random_uuid(), idempotency_key || ':' || lower(state), reservation_key, debit_account, credit_account,
       amount, state, description, coalesce(settled_at, created_at), coalesce(settled_at, created_at), id
from ledger_transfers
where reservation_key is not null and state in ('POSTED', 'VOIDED');

update ledger_entries e set transfer_id = r.id
from ledger_transfers r
where r.pending_id = e.transfer_id;

update ledger_transfers set state = 'PENDING', settled_at = null
where reservation_key is not null and pending_id is null and state <> 'PENDING';

-- A leg is resolved once: a second post or void of it is refused here, whatever the code asks.
create unique index ledger_transfers_resolution on ledger_transfers (pending_id) where pending_id is not null;

-- Every transfer once, as callers mean it: a one-phase transfer as it is, a hold's leg with the state and
-- settled_at of its resolution (PENDING and null while it has none); resolution rows are not listed of their own.
-- entries_transfer_id is the row the leg's entries belong to (its POSTED resolution), the transfer's own otherwise.
create view ledger_transfer_states as
select t.id, t.idempotency_key, t.reservation_key, t.debit_account, t.credit_account, t.amount,
       coalesce(r.state, t.state) as state, t.description, t.created_at, coalesce(r.settled_at, t.settled_at) as settled_at,
       coalesce(r.id, t.id) as entries_transfer_id
from ledger_transfers t
left join ledger_transfers r on r.pending_id = t.id
where t.pending_id is null;

-- The holds outstanding, which the metrics read every few seconds (Ledger.pendingHolds): the pending legs without a
-- resolution. Pending rows now stay for ever, so the partial index of V25 would grow with every hold ever made; this
-- table holds only the open legs, kept by the trigger below in the transaction that opens or resolves one.
drop index ledger_transfers_pending;
create table ledger_open_holds (
    transfer_id      uuid          primary key references ledger_transfers (id),
    reservation_key  text          not null,
    debit_account    text          not null,
    amount           numeric(20,2) not null,
    created_at       timestamptz   not null
);
insert into ledger_open_holds (transfer_id, reservation_key, debit_account, amount, created_at)
select id, reservation_key, debit_account, amount, created_at from ledger_transfer_states where state = 'PENDING';

create function ledger_keep_open_holds() returns trigger language plpgsql as $$
begin
    if new.pending_id is not null then
        delete from ledger_open_holds where transfer_id = new.pending_id;
    elsif new.state = 'PENDING' then
        insert into ledger_open_holds (transfer_id, reservation_key, debit_account, amount, created_at)
        values (new.id, new.reservation_key, new.debit_account, new.amount, new.created_at);
    end if;
    return null;
end $$;
create trigger ledger_transfers_open_holds after insert on ledger_transfers
    for each row execute function ledger_keep_open_holds();

-- What a row may be: a pending leg has a reservation key; a resolution names a pending leg (no resolution, no other
-- resolution) and repeats its accounts, amount and reservation key; VOIDED is only ever a resolution.
create function ledger_check_transfer() returns trigger language plpgsql as $$
declare
    leg ledger_transfers;
begin
    if new.state not in ('PENDING', 'POSTED', 'VOIDED') then
        raise exception 'ledger transfer % has no state %', new.idempotency_key, new.state;
    end if;
    if new.state = 'PENDING' and (new.reservation_key is null or new.pending_id is not null) then
        raise exception 'pending ledger transfer % is a leg of no hold', new.idempotency_key;
    end if;
    if new.state = 'VOIDED' and new.pending_id is null then
        raise exception 'voided ledger transfer % voids no pending leg', new.idempotency_key;
    end if;
    if new.pending_id is not null then
        select * into leg from ledger_transfers where id = new.pending_id;
        if leg.state is distinct from 'PENDING' or leg.pending_id is not null
           or leg.debit_account <> new.debit_account or leg.credit_account <> new.credit_account
           or leg.amount <> new.amount or leg.reservation_key is distinct from new.reservation_key then
            raise exception 'ledger transfer % resolves %, which is no pending leg of the same accounts and amount',
                new.idempotency_key, new.pending_id;
        end if;
    end if;
    return new;
end $$;
create trigger ledger_transfers_well_formed before insert on ledger_transfers
    for each row execute function ledger_check_transfer();

-- Append-only: what the ledger wrote stays as written. TRUNCATE (which row triggers do not see) stays possible for
-- a test database; a later migration that must rewrite history disables these triggers for its own statements.
create function ledger_refuse_rewrite() returns trigger language plpgsql as $$
begin
    raise exception '% is append-only: % refused', tg_table_name, tg_op;
end $$;
create trigger ledger_transfers_append_only before update or delete on ledger_transfers
    for each row execute function ledger_refuse_rewrite();
create trigger ledger_entries_append_only before update or delete on ledger_entries
    for each row execute function ledger_refuse_rewrite();

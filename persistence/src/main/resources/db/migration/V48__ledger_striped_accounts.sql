-- Issue 46: no hot row. The accounts every payment of a rail touches (its settlement account, the platform's fee
-- revenue, the funding account) were locked and updated by every posting, so postings on one rail committed one
-- after another. A striped account's row is no longer locked or updated when money moves: each posting adds what
-- it moves to one of the account's stripes instead, the stripe of the database session that runs it
-- (pg_backend_pid() % 128), so two postings wait for each other only when their sessions share a stripe. Its
-- balance and reserved are the row's (what it held before this migration) plus the sum of its stripes, which
-- ledger_account_balances reads.
--
-- Only accounts nothing checks before it is debited are striped: the ones that mirror the outside world and may go
-- negative, and fee revenue, which only a refund's fee share debits, never more than the fee its capture paid
-- (MoneyRules.refundedFeeShare), a capture's refunds taken one at a time by its workflow. Every other account (a client's, suspense,
-- checkout payments, refunds due) keeps its row lock and its checked balance.
alter table ledger_accounts add column striped boolean not null default false;
update ledger_accounts set striped = true where kind in ('RAIL_SETTLEMENT', 'FUNDING', 'FEE_REVENUE');

create table ledger_balance_stripes (
    account_id  text          not null references ledger_accounts (id),
    stripe      smallint      not null,
    balance     numeric(20,2) not null default 0,
    reserved    numeric(20,2) not null default 0,
    primary key (account_id, stripe)
);

-- Every account's balance and reserved as the ledger means them: the row's, plus its stripes' for a striped
-- account. Read this, not ledger_accounts, for a balance.
create view ledger_account_balances as
select a.id, a.client_id, a.kind, a.currency, a.may_go_negative, a.striped,
       a.balance + coalesce(s.balance, 0) as balance, a.reserved + coalesce(s.reserved, 0) as reserved
from ledger_accounts a
left join lateral (select sum(balance) as balance, sum(reserved) as reserved
                   from ledger_balance_stripes where account_id = a.id) s on true;

-- The check of a foreign key takes a key-share lock on the row it names: the transfers and entries of every posting locked the
-- settlement and fee revenue rows that way, and many transactions sharing the lock of a row turn it into a multixact
-- that each newcomer rewrites, which serialized postings again. The accounts a transfer names are checked instead
-- by the trigger that checks its shape (a plain read, no lock), and an account is never deleted, so what it checked
-- stays true; the account of an entry is the debit or credit account of its transfer (checked at commit, V37).
alter table ledger_transfers drop constraint ledger_transfers_debit_account_fkey;
alter table ledger_transfers drop constraint ledger_transfers_credit_account_fkey;
alter table ledger_entries drop constraint ledger_entries_account_id_fkey;

create function ledger_check_transfer_accounts() returns trigger language plpgsql as $$
begin
    if not exists (select 1 from ledger_accounts where id = new.debit_account)
       or not exists (select 1 from ledger_accounts where id = new.credit_account) then
        raise exception 'ledger transfer % names an account that does not exist', new.idempotency_key
            using errcode = 'foreign_key_violation';
    end if;
    return new;
end $$;
create trigger ledger_transfers_accounts_exist before insert on ledger_transfers
    for each row execute function ledger_check_transfer_accounts();

create function ledger_accounts_kept() returns trigger language plpgsql as $$
begin
    raise exception 'ledger account % is kept for ever: delete refused', old.id;
end $$;
create trigger ledger_accounts_never_deleted before delete on ledger_accounts
    for each row execute function ledger_accounts_kept();

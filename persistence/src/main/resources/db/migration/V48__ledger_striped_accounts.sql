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

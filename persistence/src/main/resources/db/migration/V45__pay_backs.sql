-- Money Paywire holds for payers until it goes back to them (issue 45): a paybill deposit in suspense that an
-- operator returns, and a payment owed back to its payer on platform:REFUNDS_DUE. Each is one row here, paid back
-- by its workflow in two phases: held on the account the money waits on (owed_account) under hold_key before the
-- rail is asked, posted when the rail pays, released when it refuses, kept while its answer is unknown.
--
-- kind SUSPENSE_RETURN: subject the deposit's receipt; one row per attempt (a refused return may be tried again).
-- kind REFUND_DUE: subject the ledger key of the owed-back posting ({payment key}:refund-due); one row per payment.
-- status: PENDING (not asked yet), PAYING (held, the rail asked or its answer unknown), PAID, FAILED (a suspense
-- return the rail refused: back in suspense), REFERRED (a refund due that failed for good: back on REFUNDS_DUE).

create table pay_backs (
    id               uuid          primary key,
    kind             text          not null check (kind in ('SUSPENSE_RETURN', 'REFUND_DUE')),
    subject          text          not null,
    attempt          int           not null default 1,
    owed_account     text          not null,
    hold_key         text          not null unique,
    product          text          not null,       -- the payment paid back: PHONE_PROMPT, CARD, PAYBILL_DEPOSIT
    payment_id       text          not null,       -- its id: the deposit's, the capture's, the paybill deposit's
    checkout_id      uuid,
    amount           numeric(20,2) not null check (amount > 0),
    currency         text          not null,
    method           text,                          -- REVERSAL, B2C or CARD_REFUND, once held
    rail_reference   text,                          -- what the rail calls it (a card refund's id)
    status           text          not null check (status in ('PENDING', 'PAYING', 'PAID', 'FAILED', 'REFERRED')),
    reason           text,
    operator_id      text,
    workflow_started boolean       not null default false,
    created_at       timestamptz   not null,
    closed_at        timestamptz,
    unique (kind, subject, attempt)
);
create index pay_backs_unstarted on pay_backs (created_at) where not workflow_started;
create index pay_backs_newest on pay_backs (kind, created_at desc);

-- The payments owed back before this migration: each posting that credited REFUNDS_DUE gets its row, to be paid
-- back by the sweep that starts the rows not yet started.
insert into pay_backs (id, kind, subject, owed_account, hold_key, product, payment_id, amount, currency, status,
                       created_at)
select md5('refund-due:' || t.idempotency_key)::uuid, 'REFUND_DUE', t.idempotency_key, 'platform:REFUNDS_DUE',
       t.idempotency_key || ':paid-back',
       case when t.idempotency_key like 'card:%' then 'CARD' else 'PHONE_PROMPT' end,
       substring(t.idempotency_key from position(':' in t.idempotency_key) + 1
                 for length(t.idempotency_key) - position(':' in t.idempotency_key) - length(':refund-due')),
       t.amount, 'KES', 'PENDING', t.created_at
from ledger_transfer_states t
where t.credit_account = 'platform:REFUNDS_DUE' and t.state = 'POSTED' and t.idempotency_key like '%:refund-due'
  and (t.idempotency_key like 'card:%' or t.idempotency_key like 'deposit:%');

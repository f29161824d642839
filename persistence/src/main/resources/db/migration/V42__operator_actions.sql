-- The operators' audit log (issue 45): every operator action that moves money (assigning a funding or paybill
-- deposit held in suspense to a client, returning one to its payer) is one row, saying who did what to which
-- payment, for which client, how much, why and when, and the ledger key it moved the money under. The key on
-- (action, subject) makes a second assignment or return of the same payment impossible: the first one stands.

create table operator_actions (
    id          bigserial     primary key,
    action      text          not null,
    subject     text          not null,
    operator_id text          not null,
    client_id   text,
    amount      numeric(19, 2) not null,
    currency    text          not null,
    reason      text          not null,
    ledger_key  text          not null,
    acted_at    timestamptz   not null,
    unique (action, subject)
);

create index operator_actions_newest on operator_actions (acted_at desc, id desc);

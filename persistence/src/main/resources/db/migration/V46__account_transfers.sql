-- A client's moves of its own money from its utility account to its working account (issue 45). The row names the
-- transfer (id: Paywire's, the ledger key transfer:{id}; the client's originatorConversationId, unique per client,
-- which makes the request idempotent) and is written in the ledger transfer's own transaction.

create table account_transfers (
    id                         uuid           primary key,
    client_id                  text           not null,
    originator_conversation_id text           not null,
    amount                     numeric(19, 2) not null check (amount > 0),
    created_at                 timestamptz    not null,
    unique (client_id, originator_conversation_id)
);

-- Card disputes (issue 48): a cardholder disputed a captured card payment with the issuer, and the card processor
-- told Paywire. One row per processor dispute id, however often the processor repeats its notification.
create table card_disputes (
    id                    text primary key,          -- dsp_<uuid>, derived from the processor's dispute id
    processor_dispute_id  text          not null unique,
    client_id             text          not null references clients (client_id),
    capture_id            text          not null,    -- Paywire's CaptureId (card_transactions.id)
    authorisation_id      text          not null,    -- the payment's AuthorisationId
    amount                numeric(20,2) not null check (amount >= 0),
    currency              text          not null,
    fee                   numeric(20,2) not null check (fee >= 0),
    reason                text          not null,
    status                text          not null
        check (status in ('NEEDS_RESPONSE', 'UNDER_REVIEW', 'WON', 'LOST')),
    accepted              boolean       not null default false, -- LOST because the merchant accepted it
    evidence_due_by       timestamptz   not null,
    -- the merchant's evidence: text fields and a document reference (never card data: refused at the API)
    evidence_explanation          text,
    evidence_product_description  text,
    evidence_customer_name        text,
    evidence_document_reference   text,
    evidence_submitted_at timestamptz,
    decided_at            timestamptz,
    created_at            timestamptz   not null,
    updated_at            timestamptz   not null default now()
);
create index card_disputes_client on card_disputes (client_id, created_at desc);
create index card_disputes_capture on card_disputes (capture_id);

-- The processor's fee for handling a dispute, charged to the merchant per dispute in the payment's currency (the
-- charge table's per-currency part for cards: the card fee itself is a percentage, this one is flat).
create table dispute_fees (
    currency  text primary key,
    fee       numeric(20,2) not null check (fee >= 0)
);
insert into dispute_fees values
  ('KES', 1500.00), ('USD', 15.00), ('EUR', 15.00), ('GBP', 15.00), ('UGX', 55000.00), ('TZS', 38000.00),
  ('RWF', 20000.00), ('ZAR', 250.00), ('NGN', 12000.00), ('GHS', 180.00);

-- a dispute names its capture by the processor's id
create index card_transactions_processor_capture on card_transactions (processor_transaction_id) where type = 'CAPTURE';

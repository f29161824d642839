-- Caps on the phone prompts that hosted pages start (README "Security", "Phone prompts from hosted pages").
-- (V14 is another change in flight; Flyway accepts the gap.)

-- One row per prompt and per thing it counts against: the phone number ('phone:2547…') and the checkout order
-- ('checkout:{id}'). Counted in the database so that every API replica sees the same count; rows older than the
-- longest window are deleted as new prompts are taken.
create table page_prompts (
    prompt_id  uuid        not null,
    subject    text        not null,
    taken_at   timestamptz not null,
    primary key (prompt_id, subject)
);
create index page_prompts_subject on page_prompts (subject, taken_at);
create index page_prompts_taken on page_prompts (taken_at);

-- Attempts to pay a checkout order (card and mobile money): at most CheckoutWorkflow.MAX_ATTEMPTS per order.
alter table checkout_orders add column attempts integer not null default 0;

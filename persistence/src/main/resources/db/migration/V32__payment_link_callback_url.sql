-- Where the outcome of each payment made through a payment link is POSTed, as an express deposit's CallBackUrl.
-- Null: the client is not called back (links created before, or without one).
alter table payment_links add column callback_url text;

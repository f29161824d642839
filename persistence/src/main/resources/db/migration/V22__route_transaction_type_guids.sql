-- Routes as the live API lists them. Paywire keeps its integer transaction type ids (payout workflows carry them);
-- a client sees a GUID per kind of route instead, plus the live API's category code and description. Each kind
-- (one integer id) has one fixed GUID; a route of the same kind added later takes the same GUID. The codes 1, 2,
-- 6 and 10 are the live API's; 3, 4, 5, 7 and 11 are ours, for kinds its recorded answers do not show.
alter table routes
    add column transaction_type_guid       uuid,
    add column live_category               text,
    add column live_category_description   text;

update routes r set transaction_type_guid = k.guid, live_category = k.code, live_category_description = k.description,
                    route_integration = k.provider, country = 'KENYA'
from (values
  (1,  '3c1f6d52-2b4e-4c0a-9e51-7d0a1b6f4e01'::uuid, '6',  'Business Transfers',  'Mpesa'),
  (2,  '3c1f6d52-2b4e-4c0a-9e51-7d0a1b6f4e02'::uuid, '1',  'Bank Transfer',       'Pesalink'),
  (3,  '3c1f6d52-2b4e-4c0a-9e51-7d0a1b6f4e03'::uuid, '6',  'Business Transfers',  'Mpesa'),
  (4,  '3c1f6d52-2b4e-4c0a-9e51-7d0a1b6f4e04'::uuid, '6',  'Business Transfers',  'Mpesa'),
  (5,  '3c1f6d52-2b4e-4c0a-9e51-7d0a1b6f4e05'::uuid, '3',  'Express Deposit',     'Mpesa'),
  (6,  '3c1f6d52-2b4e-4c0a-9e51-7d0a1b6f4e06'::uuid, '4',  'KYC Validation',      'IPRS'),
  (7,  '3c1f6d52-2b4e-4c0a-9e51-7d0a1b6f4e07'::uuid, '5',  'Account Validation',  'Pesalink'),
  (8,  '3c1f6d52-2b4e-4c0a-9e51-7d0a1b6f4e08'::uuid, '2',  'Airtime Purchase',    'Africas Talking'),
  (9,  '3c1f6d52-2b4e-4c0a-9e51-7d0a1b6f4e09'::uuid, '7',  'Bill Payment',        'Biller Aggregator'),
  (10, '3c1f6d52-2b4e-4c0a-9e51-7d0a1b6f4e10'::uuid, '10', 'Card Payment',        'Card Processor'),
  (11, '3c1f6d52-2b4e-4c0a-9e51-7d0a1b6f4e11'::uuid, '11', 'Checkout',            'Card Processor'))
  as k (type_id, guid, code, description, provider)
where r.transaction_type_id = k.type_id;

alter table routes
    alter column transaction_type_guid set not null,
    alter column live_category set not null,
    alter column live_category_description set not null;

-- API clients (OAuth2 client credentials). Secrets are stored only as PBKDF2 hashes.
create table clients (
    client_id    text primary key,
    name         text        not null,
    secret_hash  text        not null,
    scopes       text        not null,            -- space separated, as OAuth2 writes them
    created_at   timestamptz not null default now()
);

-- Transaction routes: what a client may do and through which channel types.
create table routes (
    id                    uuid primary key,
    category              text    not null unique,
    category_description  text    not null,
    transaction_type_id   integer not null unique,
    category_is_enabled   boolean not null,
    route_integration     text    not null,
    country               text    not null,
    route_is_active       boolean not null
);

create table route_channel_types (
    route_id             uuid    not null references routes (id),
    channel_type         integer not null,
    channel_description  text    not null,
    primary key (route_id, channel_type)
);

create table client_routes (
    client_id  text not null references clients (client_id),
    route_id   uuid not null references routes (id),
    primary key (client_id, route_id)
);

-- The routes every deployment offers. Their ids are stable: clients keep them in their own configuration.
insert into routes values
  ('4a3e1249-51a2-4c57-8b74-166d7f689460', 'MOBILE_WALLET',      'Mobile wallet transfer',                  1,  true, 'MOBILE_MONEY',        'KE', true),
  ('d77ad3c8-ac13-48f4-9993-9d8c676d4329', 'BANK_TRANSFER',      'Bank transfer',                           2,  true, 'BANK',                'KE', true),
  ('5c358904-6093-4400-8086-07adbe0b6774', 'BUSINESS_PAYBILL',   'Business payout to a paybill number',     3,  true, 'MOBILE_MONEY',        'KE', true),
  ('f6669402-e1b3-42bb-94fb-ff2147120f05', 'BUSINESS_TILL',      'Business payout to a till number',        4,  true, 'MOBILE_MONEY',        'KE', true),
  ('fb45e08d-6f41-40f2-8b19-0170d7c8dee8', 'EXPRESS_DEPOSIT',    'Express deposit (phone prompt)',          5,  true, 'MOBILE_MONEY',        'KE', true),
  ('7084d9cf-08ba-491b-ab39-de9db5ee59d2', 'KYC',                'Identity (KYC) validation',               6,  true, 'IDENTITY_REGISTRY',   'KE', true),
  ('ce04352e-bfef-461c-a758-36ab9047782b', 'ACCOUNT_VALIDATION', 'Account number validation',               7,  true, 'ACCOUNT_REGISTRY',    'KE', true),
  ('96b994f4-5264-4deb-878c-0225de0228d8', 'AIRTIME',            'Airtime purchase',                        8,  true, 'AIRTIME_AGGREGATOR',  'KE', true),
  ('98ed4ea9-f8c5-47fb-b5ac-ca77a37831f3', 'BILL_PAYMENT',       'Bill payment',                            9,  true, 'BILLER_AGGREGATOR',   'KE', true),
  ('3aa680d3-de55-4b8a-b536-2dd927abdd92', 'CARD',               'Card payment (server to server)',         10, true, 'CARD_PROCESSOR',      'KE', true),
  ('9701cd4f-98b8-423c-829e-28c6dc337e18', 'CHECKOUT',           'Hosted checkout',                         11, true, 'CARD_PROCESSOR',      'KE', true);

insert into route_channel_types values
  ('4a3e1249-51a2-4c57-8b74-166d7f689460', 63902, 'Safaricom M-PESA'),
  ('4a3e1249-51a2-4c57-8b74-166d7f689460', 63903, 'Airtel Money'),
  ('4a3e1249-51a2-4c57-8b74-166d7f689460', 63907, 'Telkom T-Kash'),
  ('d77ad3c8-ac13-48f4-9993-9d8c676d4329', 1,     'EFT'),
  ('d77ad3c8-ac13-48f4-9993-9d8c676d4329', 2,     'RTGS'),
  ('5c358904-6093-4400-8086-07adbe0b6774', 63902, 'Safaricom paybill'),
  ('f6669402-e1b3-42bb-94fb-ff2147120f05', 63902, 'Safaricom till (buy goods)'),
  ('fb45e08d-6f41-40f2-8b19-0170d7c8dee8', 63902, 'Safaricom M-PESA prompt'),
  ('fb45e08d-6f41-40f2-8b19-0170d7c8dee8', 63903, 'Airtel Money prompt'),
  ('7084d9cf-08ba-491b-ab39-de9db5ee59d2', 1,     'National identity registry'),
  ('ce04352e-bfef-461c-a758-36ab9047782b', 1,     'Mobile wallet'),
  ('ce04352e-bfef-461c-a758-36ab9047782b', 2,     'Bank account'),
  ('96b994f4-5264-4deb-878c-0225de0228d8', 63902, 'Safaricom airtime'),
  ('96b994f4-5264-4deb-878c-0225de0228d8', 63903, 'Airtel airtime'),
  ('96b994f4-5264-4deb-878c-0225de0228d8', 63907, 'Telkom airtime'),
  ('98ed4ea9-f8c5-47fb-b5ac-ca77a37831f3', 1,     'TV'),
  ('98ed4ea9-f8c5-47fb-b5ac-ca77a37831f3', 2,     'Electricity'),
  ('98ed4ea9-f8c5-47fb-b5ac-ca77a37831f3', 3,     'Water'),
  ('3aa680d3-de55-4b8a-b536-2dd927abdd92', 1,     'Visa'),
  ('3aa680d3-de55-4b8a-b536-2dd927abdd92', 2,     'Mastercard'),
  ('9701cd4f-98b8-423c-829e-28c6dc337e18', 1,     'Card'),
  ('9701cd4f-98b8-423c-829e-28c6dc337e18', 2,     'Mobile money');

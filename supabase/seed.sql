-- Local development data only (`supabase start`, `npm run stack`, `npm run db:start`). Never run on a
-- hosted project. Passwords are documented in README.md.
--
--   admin@klub.local  / Admin1234   admin (app_metadata.admin = true), VIP, TOTP secret KLUBADMINTOTPLOCALSEEDSECRETAAAA
--   anna@klub.local   / Member1234  member, PREMIUM, has a referral code, a funded wallet, a CCC package
--   jan@klub.local    / Member1234  member, FREE, referred by Anna
--
-- Users are inserted the way GoTrue stores them (bcrypt hash, identity row, empty token strings),
-- so the project's triggers create profiles, settings, wallets and the referral exactly as at sign-up.

-- -------------------------------------------------------------------------------------
-- Users
-- -------------------------------------------------------------------------------------
with seeded (id, email, password, full_name, phone, app_meta, referral_code) as (
  values
    ('a0000000-0000-4000-8000-000000000001'::uuid, 'admin@klub.local', 'Admin1234', 'Administrator Klubu', '+48500100100',
     '{"provider":"email","providers":["email"],"admin":true}'::jsonb, null),
    ('a0000000-0000-4000-8000-000000000002'::uuid, 'anna@klub.local', 'Member1234', 'Anna Nowak', '+48500100200',
     '{"provider":"email","providers":["email"]}'::jsonb, null)
)
insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, confirmation_token,
  recovery_token, email_change_token_new, email_change, raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  last_sign_in_at, is_anonymous)
select '00000000-0000-0000-0000-000000000000', id, 'authenticated', 'authenticated', email,
       extensions.crypt(password, extensions.gen_salt('bf', 10)), now(), '', '', '', '', app_meta,
       jsonb_build_object('full_name', full_name, 'phone', phone, 'email_verified', true),
       now() - interval '90 days', now(), null, false
  from seeded;

-- The admin's authenticator (every admin right needs aal2): a verified TOTP factor whose secret the
-- README lists. Local only: a real admin enrols their own factor in the app.
insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
values ('a0000000-0000-4000-8000-0000000000f1', 'a0000000-0000-4000-8000-000000000001', 'Seed TOTP', 'totp', 'verified',
        now(), now(), 'KLUBADMINTOTPLOCALSEEDSECRETAAAA');

-- Anna's referral code, then Jan signs up with it (the trigger records the relationship).
insert into public.referral_codes (code, user_id, description)
values ('ANNA2026', 'a0000000-0000-4000-8000-000000000002', 'Polecenia ze spotkania klubu');

insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, confirmation_token,
  recovery_token, email_change_token_new, email_change, raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  is_anonymous)
values ('00000000-0000-0000-0000-000000000000', 'a0000000-0000-4000-8000-000000000003', 'authenticated', 'authenticated',
        'jan@klub.local', extensions.crypt('Member1234', extensions.gen_salt('bf', 10)), now(), '', '', '', '',
        '{"provider":"email","providers":["email"]}',
        '{"full_name":"Jan Kowalski","phone":"+48500100300","referral_code":"ANNA2026","email_verified":true}',
        now() - interval '30 days', now(), false);

insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select u.id::text, u.id,
       jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true, 'phone_verified', false),
       'email', now(), now(), now()
  from auth.users u
 where u.email like '%@klub.local';

update public.profiles set membership_level = 'VIP' where user_id = 'a0000000-0000-4000-8000-000000000001';
update public.profiles set membership_level = 'PREMIUM' where user_id = 'a0000000-0000-4000-8000-000000000002';
update public.user_settings set display_name = 'Ania' where user_id = 'a0000000-0000-4000-8000-000000000002';

-- -------------------------------------------------------------------------------------
-- Wallet, withdrawals, CCC, notifications
-- -------------------------------------------------------------------------------------
select private.apply_wallet_entry('a0000000-0000-4000-8000-000000000002', 'credit', 1250.00, 0, null, 'Wypłata zysku za październik');
select private.apply_wallet_entry('a0000000-0000-4000-8000-000000000003', 'credit', 80.50, 0, null, 'Bonus powitalny');

insert into public.ccc_assignments (user_id, package_tier, ccc_amount, profit_share, duration_months, start_date, end_date)
select 'a0000000-0000-4000-8000-000000000002', t.tier, t.ccc_amount, t.profit_share, t.duration_months,
       now() - interval '20 days', now() - interval '20 days' + make_interval(days => t.duration_months * 30)
  from public.ccc_tiers t
 where t.tier = 'GOLD';

insert into public.notifications (user_id, type, title, content, data, created_at, read_at)
values
  ('a0000000-0000-4000-8000-000000000002', 'profit', 'Nowy zysk z pakietu', 'Zysk z pakietu GOLD za październik został naliczony.',
   '{"amount": 320, "percentage": 8, "tier": "GOLD", "packageTier": "GOLD"}', now() - interval '2 days', null),
  ('a0000000-0000-4000-8000-000000000002', 'system', 'Przydzielono pakiet CCC', 'Otrzymujesz pakiet GOLD (4000 CCC).',
   '{"tier": "GOLD", "packageTier": "GOLD", "amount": 4000, "percentage": 8, "quantity": 1}', now() - interval '20 days', now() - interval '19 days'),
  ('a0000000-0000-4000-8000-000000000003', 'message', 'Witamy w Klubie', 'Cieszymy się, że jesteś z nami. Zajrzyj do sekcji Pomysły.',
   '{}', now() - interval '30 days', null);

insert into public.ecommerce_revenue (amount, created_at)
values (18500.00, now() - interval '60 days'), (21400.00, now() - interval '30 days'), (24950.00, now() - interval '1 day');

-- -------------------------------------------------------------------------------------
-- Payment links (example pages; a real club enters its providers' links in the admin area)
-- -------------------------------------------------------------------------------------
insert into public.plan_payment_links (tier, method, url)
select tier, method, format('https://platnosci.example.com/klub/%s/%s', lower(tier::text), method)
  from public.membership_plans, unnest(enum_range(null::public.payment_method)) as method;

insert into public.ccc_payment_links (tier, method, url)
select tier, method, format('https://platnosci.example.com/ccc/%s/%s', lower(tier::text), method)
  from public.ccc_tiers, unnest(enum_range(null::public.payment_method)) as method;

-- -------------------------------------------------------------------------------------
-- USDT networks (issue 37): the club's receiving addresses on the local chain emulator's networks
-- (example addresses; a real club enters its own wallets in 'Płatności').
-- -------------------------------------------------------------------------------------
update public.usdt_networks n
   set enabled = true,
       receiving_address = case n.network
         when 'TRC20' then 'TQ2iB6UZ2T5xZzbyVuxp6xMmTxPE3mTWZX'
         else '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359'
       end,
       min_withdrawal = 10,
       -- The club pays the network fees of withdrawals: nothing is kept from one (docs/decisions.md).
       withdrawal_fee = 0;

-- -------------------------------------------------------------------------------------
-- CCC settings (plans/CCC/wallet/settings screens): an example contract address for the CCC
-- page's explorer link; a real club enters its own in the admin area.
-- -------------------------------------------------------------------------------------
update public.ccc_settings set contract_address = '0x5c0c0a1b2c3d4e5f60718293a4b5c6d7e8f90cc1';

-- -------------------------------------------------------------------------------------
-- Apps
-- -------------------------------------------------------------------------------------
insert into public.apps (name, description, category, website_url, app_store_url, google_play_url, downloads, revenue,
  active_users, rating, current_value, projected_value, growth_rate, minimum_investment, available_shares,
  price_per_share, release_date, created_at)
values
  ('FitPlan', 'Plany treningowe i dieta dopasowane do celu.', 'lifestyle', 'https://fitplan.example.com',
   'https://apps.apple.com/pl/app/fitplan/id100000001', 'https://play.google.com/store/apps/details?id=com.example.fitplan',
   125000, 48200.00, 18400, 4.6, 950000.00, 1800000.00, 12.4, 500.00, 4000, 25.00, '2025-03-01', now() - interval '200 days'),
  ('Budżetownik', 'Domowy budżet, cele oszczędnościowe i przypomnienia o rachunkach.', 'productivity', 'https://budzetownik.example.com',
   null, 'https://play.google.com/store/apps/details?id=com.example.budzet', 64000, 21900.00, 9100, 4.4, 420000.00,
   700000.00, 8.7, 250.00, 6000, 10.00, '2025-06-15', now() - interval '120 days'),
  ('Słówka Pro', 'Nauka języków w 10 minut dziennie.', 'education', 'https://slowka.example.com',
   'https://apps.apple.com/pl/app/slowka-pro/id100000002', null, 210000, 73500.00, 40200, 4.8, 1600000.00, 2500000.00,
   15.2, 1000.00, 2500, 40.00, '2024-11-20', now() - interval '60 days'),
  ('Kolejka', 'Zapisy do lokalnych usług bez telefonowania.', 'business', 'https://kolejka.example.com', null, null,
   8000, 3100.00, 1200, 4.1, 90000.00, 300000.00, -2.5, 100.00, 9000, 2.00, '2026-01-10', now() - interval '10 days');

-- -------------------------------------------------------------------------------------
-- Ideas, votes, comments
-- -------------------------------------------------------------------------------------
insert into public.app_ideas (id, title, description, category, target_audience, monetization_strategy, submitted_by,
  submitted_at, status, webhook_response)
values
  ('b0000000-0000-4000-8000-000000000001', 'Aplikacja do wspólnych zakupów',
   'Lista zakupów współdzielona przez domowników, z podziałem kosztów i historią paragonów. Synchronizacja w czasie rzeczywistym i przypomnienia, gdy ktoś jest blisko sklepu.',
   'lifestyle', 'Rodziny i współlokatorzy', 'Model freemium z płatnym planem rodzinnym', 'a0000000-0000-4000-8000-000000000002',
   now() - interval '14 days', 'approved', 'Dziękujemy za zgłoszenie pomysłu!'),
  ('b0000000-0000-4000-8000-000000000002', 'Gra miejska o historii Krakowa',
   'Zagadki i zadania w terenie, które prowadzą przez zabytki.', 'games', 'Turyści i szkoły',
   'Płatne scenariusze i licencje dla szkół', 'a0000000-0000-4000-8000-000000000003', now() - interval '5 days', 'pending', null),
  ('b0000000-0000-4000-8000-000000000003', 'Asystent faktur dla freelancerów',
   'Wystawianie faktur głosem i automatyczne przypomnienia o płatnościach.', 'business', 'Jednoosobowe firmy',
   'Subskrypcja miesięczna', 'a0000000-0000-4000-8000-000000000002', now() - interval '2 days', 'pending', null),
  ('b0000000-0000-4000-8000-000000000004', 'Fiszki z AI do matury',
   'Generowanie fiszek z notatek i plan powtórek przed maturą.', 'education', 'Maturzyści', 'Jednorazowy zakup pakietu',
   'a0000000-0000-4000-8000-000000000003', now() - interval '40 days', 'rejected', null);

insert into public.idea_votes (idea_id, user_id, score)
values
  ('b0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001', 5),
  ('b0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000003', 4),
  ('b0000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000002', 5),
  ('b0000000-0000-4000-8000-000000000004', 'a0000000-0000-4000-8000-000000000002', 2);

insert into public.idea_comments (idea_id, user_id, content, created_at)
values
  ('b0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000003', 'Świetny pomysł, chętnie bym z tego korzystał.', now() - interval '10 days'),
  ('b0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001', 'Zaakceptowane — zaczynamy analizę rynku.', now() - interval '9 days'),
  ('b0000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000002', 'Może też wersja dla Gdańska?', now() - interval '4 days');

-- -------------------------------------------------------------------------------------
-- Community
-- -------------------------------------------------------------------------------------
insert into public.posts (id, author_id, title, content, created_at)
values
  ('c0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001', 'Witamy w społeczności Klubu',
   'Tu dzielimy się wynikami aplikacji, pomysłami i pytaniami. Zachęcamy do komentowania!', now() - interval '20 days'),
  ('c0000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000002', 'Wyniki FitPlan za październik',
   'Aktywni użytkownicy wzrośli o 12%. Kto testował nowy moduł diety?', now() - interval '3 days');

insert into public.post_reactions (post_id, user_id, type)
values
  ('c0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000002', 'like'),
  ('c0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000003', 'love'),
  ('c0000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000001', 'fire');

insert into public.post_comments (post_id, user_id, content, created_at)
values ('c0000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000003', 'Testowałem — bardzo wygodne!', now() - interval '2 days');

-- -------------------------------------------------------------------------------------
-- Admin content: announcement, site settings, SMTP (the local mail catcher), e-mail templates
-- -------------------------------------------------------------------------------------
insert into public.announcements (content, active)
values ('Nowe pakiety CCC są już dostępne — [sprawdź szczegóły](/dashboard/ccc).', true),
       ('Przerwa techniczna zakończona.', false);

update public.site_settings
   set site_title = 'Klub',
       site_description = 'Klub inwestorów w aplikacje: członkostwo, pakiety CCC, eWallet i pomysły.',
       og_title = 'Klub — inwestuj w aplikacje',
       og_description = 'Dołącz do Klubu i współtwórz aplikacje.',
       twitter_card = 'summary_large_image';

-- The local mail catcher of `npm run stack` (SMTP on 54325); `supabase start` users point it at Inbucket/Mailpit.
insert into public.smtp_configs (id, name, host, port, username, password, from_email, from_name, is_default)
values ('d0000000-0000-4000-8000-000000000001', 'Lokalny serwer pocztowy', '127.0.0.1', 54325, 'klub', 'klub-local',
        'no-reply@klub.local', 'Klub', true);
-- The e-mail templates come with migration 20261122001100_email.sql (hosted projects need
-- them too); they have no SMTP configuration of their own, so they send through this default one.

-- -------------------------------------------------------------------------------------
-- Member dashboard (issue 10): enough for every screen of Anna's to show something —
-- notifications (profit in PLN with percentage and tier, a USDT wallet credit, a message), the
-- partner page (visits, registrations, a conversion, a structure), Top Partners with three places,
-- and one more community post with reactions and comments.
--   ewa@klub.local    / Member1234  member, START, referred by Anna (a conversion: Anna earns 10 %)
--   piotr@klub.local  / Member1234  member, FREE, referred by Jan
--   zofia@klub.local  / Member1234  member, FREE, referred by the admin
-- -------------------------------------------------------------------------------------
insert into public.referral_codes (code, user_id, description)
values ('JAN2026', 'a0000000-0000-4000-8000-000000000003', 'Znajomi ze studiów'),
       ('KLUB2026', 'a0000000-0000-4000-8000-000000000001', 'Zaproszenia od Klubu');

insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, confirmation_token,
  recovery_token, email_change_token_new, email_change, raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  is_anonymous)
select '00000000-0000-0000-0000-000000000000', s.id, 'authenticated', 'authenticated', s.email,
       extensions.crypt('Member1234', extensions.gen_salt('bf', 10)), now(), '', '', '', '',
       '{"provider":"email","providers":["email"]}'::jsonb,
       jsonb_build_object('full_name', s.full_name, 'phone', s.phone, 'referral_code', s.code, 'email_verified', true),
       now() - s.age, now(), false
  from (values
    ('a0000000-0000-4000-8000-000000000004'::uuid, 'ewa@klub.local', 'Ewa Wiśniewska', '+48500100400', 'ANNA2026', interval '12 days'),
    ('a0000000-0000-4000-8000-000000000005'::uuid, 'piotr@klub.local', 'Piotr Zieliński', '+48500100500', 'JAN2026', interval '8 days'),
    ('a0000000-0000-4000-8000-000000000006'::uuid, 'zofia@klub.local', 'Zofia Lewandowska', '+48500100600', 'KLUB2026', interval '4 days')
  ) as s (id, email, full_name, phone, code, age);

insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select u.id::text, u.id,
       jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true, 'phone_verified', false),
       'email', now(), now(), now()
  from auth.users u
 where u.email in ('ewa@klub.local', 'piotr@klub.local', 'zofia@klub.local');

-- Ewa's first paid plan order (a transfer, confirmed): Anna's code counts a conversion and Anna earns
-- 10 % of the START price.
insert into public.payment_orders (id, reference, user_id, kind, plan_tier, method, amount, currency, expires_at)
select 'c0000000-0000-4000-8000-000000000001', 'KLB-EWA2S7', 'a0000000-0000-4000-8000-000000000004', 'plan', 'START',
       'transfer', m.yearly_price_pln, 'PLN', now() + interval '7 days'
  from public.membership_plans m
 where m.tier = 'START';
select private.confirm_payment('c0000000-0000-4000-8000-000000000001',
                               (select o.amount from public.payment_orders o where o.id = 'c0000000-0000-4000-8000-000000000001'),
                               'admin', null);

-- Paid members have a term (issue 19 §3): one year from seeding, so the badge shows 'do DD.MM.YYYY'.
update public.profiles set membership_valid_until = private.plan_year_end(private.warsaw_today())
 where membership_level <> 'FREE' and membership_valid_until is null;

update public.referral_codes
   set visits_count = visits_count + 37, last_visit_at = now() - interval '2 days'
 where code = 'ANNA2026';
update public.referral_codes
   set visits_count = visits_count + 9, last_visit_at = now() - interval '6 days'
 where code in ('JAN2026', 'KLUB2026');

insert into public.notifications (user_id, type, title, content, data, created_at, read_at)
values
  ('a0000000-0000-4000-8000-000000000002', 'profit', 'Udział w zyskach aplikacji FitPlan',
   'Naliczono Twój udział w zyskach za listopad.', '{"amount": 1240, "percentage": 15, "tier": "PREMIUM"}',
   now() - interval '6 hours', null),
  ('a0000000-0000-4000-8000-000000000002', 'message', 'Spotkanie klubu',
   'Zapraszamy na spotkanie członków w przyszły czwartek o 18:00.', '{}', now() - interval '1 day', null),
  ('a0000000-0000-4000-8000-000000000002', 'profit', 'Nowe środki w portfelu', 'Na Twój portfel wpłynęło 150.00 USDT.',
   '{"amount": 150.00, "currency": "USDT"}', now() - interval '5 days', now() - interval '4 days');

insert into public.posts (id, author_id, title, content, created_at)
values ('c0000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000003', 'Pytanie o pakiety CCC',
        'Czy ktoś porównywał pakiety GOLD i SILVER pod kątem zwrotu? Zastanawiam się, który wybrać.', now() - interval '1 day');

insert into public.post_reactions (post_id, user_id, type)
values
  ('c0000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000002', 'clap'),
  ('c0000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000004', 'like'),
  ('c0000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000004', 'love');

insert into public.post_comments (post_id, user_id, content, created_at)
values
  ('c0000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000002',
   'Mam GOLD od miesiąca — na razie jestem zadowolona.', now() - interval '20 hours'),
  ('c0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000004', 'Dzień dobry wszystkim!', now() - interval '10 days');

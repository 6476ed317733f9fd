-- The e-mail templates the send-email hook renders (private.auth_hook_email_templates(): one per Auth
-- action), as application data: a hosted project gets migrations, never supabase/seed.sql, and the
-- first sign-up needs the activation template. No SMTP configuration of their own (null = the
-- default one, which the deploy guide's step 7 creates, or an admin in the SMTP tab). Admins edit
-- them in the e-mail templates tab; a project that already has a template of a name keeps its own.
insert into public.email_templates (name, subject, html_content, text_content, variables)
values
  ('account-activation', 'Aktywuj swoje konto w Klubie',
   '<p>Cześć {{fname}},</p><p>dziękujemy za rejestrację w Klubie. Kliknij poniższy link, aby aktywować konto:</p><p><a href="{{activate}}">Aktywuj konto</a></p><p>Jeśli to nie Ty zakładałeś konto, zignoruj tę wiadomość.</p>',
   E'Cześć {{fname}},\n\ndziękujemy za rejestrację w Klubie. Aktywuj konto, otwierając link:\n{{activate}}\n\nJeśli to nie Ty zakładałeś konto, zignoruj tę wiadomość.',
   '[{"name":"fname","description":"Imię i nazwisko","example":"Anna Nowak"},{"name":"activate","description":"Link aktywacyjny","example":"https://klub.example.com/activate?token=…"}]'),
  ('magic-link', 'Twój link do logowania',
   '<p>Cześć {{fname}},</p><p>kliknij, aby zalogować się do Klubu:</p><p><a href="{{link}}">Zaloguj się</a></p><p>Link jest jednorazowy.</p>',
   E'Cześć {{fname}},\n\nzaloguj się do Klubu, otwierając link (jednorazowy):\n{{link}}',
   '[{"name":"fname","description":"Imię i nazwisko","example":"Anna Nowak"},{"name":"link","description":"Link logowania","example":"https://klub.example.com/dashboard?token_hash=…&type=magiclink"}]'),
  ('password-reset', 'Zmiana hasła w Klubie',
   '<p>Cześć {{fname}},</p><p>otrzymaliśmy prośbę o zmianę hasła. Kliknij, aby ustawić nowe hasło:</p><p><a href="{{link}}">Ustaw nowe hasło</a></p><p>Jeśli to nie Ty, zignoruj tę wiadomość.</p>',
   E'Cześć {{fname}},\n\nustaw nowe hasło, otwierając link:\n{{link}}\n\nJeśli to nie Ty, zignoruj tę wiadomość.',
   '[{"name":"fname","description":"Imię i nazwisko","example":"Anna Nowak"},{"name":"link","description":"Link zmiany hasła","example":"https://klub.example.com/reset-password?code=…"}]'),
  ('email-change', 'Potwierdź nowy adres email',
   '<p>Cześć {{fname}},</p><p>potwierdź zmianę adresu email na {{new_email}}:</p><p><a href="{{link}}">Potwierdź adres</a></p>',
   E'Cześć {{fname}},\n\npotwierdź zmianę adresu email na {{new_email}}:\n{{link}}',
   '[{"name":"fname","description":"Imię i nazwisko","example":"Anna Nowak"},{"name":"new_email","description":"Nowy adres email","example":"anna@example.com"},{"name":"link","description":"Link potwierdzający","example":"https://klub.example.com/dashboard?token_hash=…&type=email_change"}]'),
  -- The reauthentication nonce of Auth (secure password change) and its security notifications
  -- (private.auth_hook_email_templates() lists every template the send-email hook uses).
  ('reauthentication', 'Kod potwierdzający zmianę hasła',
   '<p>Cześć {{fname}},</p><p>Twój kod potwierdzający zmianę hasła w Klubie:</p><p><strong>{{token}}</strong></p><p>Jeśli to nie Ty, zignoruj tę wiadomość i zmień hasło.</p>',
   E'Cześć {{fname}},\n\nTwój kod potwierdzający zmianę hasła w Klubie: {{token}}\n\nJeśli to nie Ty, zignoruj tę wiadomość i zmień hasło.',
   '[{"name":"fname","description":"Imię i nazwisko","example":"Anna Nowak"},{"name":"token","description":"Kod potwierdzający","example":"123456"}]'),
  ('password-changed', 'Hasło do Twojego konta zostało zmienione',
   '<p>Cześć {{fname}},</p><p>hasło do Twojego konta w Klubie zostało właśnie zmienione.</p><p>Jeśli to nie Ty, od razu ustaw nowe hasło przez „Nie pamiętasz hasła?” na stronie logowania.</p>',
   E'Cześć {{fname}},\n\nhasło do Twojego konta w Klubie zostało właśnie zmienione.\n\nJeśli to nie Ty, od razu ustaw nowe hasło przez „Nie pamiętasz hasła?” na stronie logowania.',
   '[{"name":"fname","description":"Imię i nazwisko","example":"Anna Nowak"}]'),
  ('email-changed', 'Adres email Twojego konta został zmieniony',
   '<p>Cześć {{fname}},</p><p>adres email Twojego konta w Klubie został zmieniony z {{old_email}} na {{email}}.</p><p>Jeśli to nie Ty, skontaktuj się z nami.</p>',
   E'Cześć {{fname}},\n\nadres email Twojego konta w Klubie został zmieniony z {{old_email}} na {{email}}.\n\nJeśli to nie Ty, skontaktuj się z nami.',
   '[{"name":"fname","description":"Imię i nazwisko","example":"Anna Nowak"},{"name":"old_email","description":"Poprzedni adres email","example":"anna@example.com"},{"name":"email","description":"Nowy adres email","example":"anna.nowak@example.com"}]'),
  ('mfa-factor-enrolled', 'Włączono weryfikację dwuetapową',
   '<p>Cześć {{fname}},</p><p>na Twoim koncie w Klubie włączono weryfikację dwuetapową ({{factor_type}}).</p><p>Jeśli to nie Ty, od razu zmień hasło.</p>',
   E'Cześć {{fname}},\n\nna Twoim koncie w Klubie włączono weryfikację dwuetapową ({{factor_type}}).\n\nJeśli to nie Ty, od razu zmień hasło.',
   '[{"name":"fname","description":"Imię i nazwisko","example":"Anna Nowak"},{"name":"factor_type","description":"Rodzaj weryfikacji","example":"totp"}]'),
  ('mfa-factor-unenrolled', 'Wyłączono weryfikację dwuetapową',
   '<p>Cześć {{fname}},</p><p>na Twoim koncie w Klubie wyłączono weryfikację dwuetapową ({{factor_type}}).</p><p>Jeśli to nie Ty, od razu zmień hasło.</p>',
   E'Cześć {{fname}},\n\nna Twoim koncie w Klubie wyłączono weryfikację dwuetapową ({{factor_type}}).\n\nJeśli to nie Ty, od razu zmień hasło.',
   '[{"name":"fname","description":"Imię i nazwisko","example":"Anna Nowak"},{"name":"factor_type","description":"Rodzaj weryfikacji","example":"totp"}]')
on conflict (name) do nothing;

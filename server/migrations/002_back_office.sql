-- The back office: staff accounts, their sign-in (sessions, invites, passkeys, failed attempts), the audit log,
-- and what the inbox keeps about each lead (status, attribution, notes, history).

CREATE TABLE staff (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL,
  name text NOT NULL DEFAULT '',
  role text NOT NULL CHECK (role IN ('owner', 'editor', 'sales')),
  -- Argon2id PHC string; NULL until the invite is accepted.
  password_hash text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX staff_email ON staff (lower(email));

-- Only hashes of tokens are kept: a copy of the database gives no way in.
CREATE TABLE staff_invites (
  token_hash text PRIMARY KEY,
  staff_id uuid NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

CREATE TABLE staff_sessions (
  token_hash text PRIMARY KEY,
  staff_id uuid NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  -- The absolute end; the idle end is last_seen_at plus the idle limit.
  expires_at timestamptz NOT NULL
);
CREATE INDEX staff_sessions_staff ON staff_sessions (staff_id);

CREATE TABLE staff_passkeys (
  -- The credential id, base64url.
  id text PRIMARY KEY,
  staff_id uuid NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  public_key bytea NOT NULL,
  counter bigint NOT NULL DEFAULT 0,
  transports text[] NOT NULL DEFAULT '{}',
  name text NOT NULL DEFAULT 'Passkey',
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);
CREATE INDEX staff_passkeys_staff ON staff_passkeys (staff_id);

-- WebAuthn challenges, in the database so that any instance can finish a ceremony another began.
CREATE TABLE webauthn_challenges (
  id text PRIMARY KEY,
  challenge text NOT NULL,
  purpose text NOT NULL CHECK (purpose IN ('register', 'sign-in')),
  staff_id uuid REFERENCES staff (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);

-- Wrong passwords, by account (the typed email, whether or not it has an account) and by client address.
CREATE TABLE sign_in_failures (
  id bigserial PRIMARY KEY,
  email_key text NOT NULL,
  address_key text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sign_in_failures_email ON sign_in_failures (email_key, at);
CREATE INDEX sign_in_failures_address ON sign_in_failures (address_key, at);

-- Append-only: the trigger below refuses every UPDATE and DELETE, whoever asks.
CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  -- No foreign key: the log outlives the accounts it names.
  actor_id uuid,
  actor text NOT NULL,
  action text NOT NULL,
  subject text,
  detail jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX audit_log_at ON audit_log (at DESC, id DESC);
CREATE FUNCTION audit_log_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the audit log cannot be changed';
END;
$$;
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_is_append_only();

-- Leads: their status in the inbox and where the visitor came from (all optional: older leads have none).
ALTER TABLE leads
  ADD COLUMN status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'handled', 'spam')),
  ADD COLUMN spam_reason text,
  ADD COLUMN page_path text,
  ADD COLUMN landing_path text,
  ADD COLUMN referrer_host text,
  ADD COLUMN utm_source text,
  ADD COLUMN utm_medium text,
  ADD COLUMN utm_campaign text,
  ADD COLUMN utm_term text,
  ADD COLUMN utm_content text;
CREATE INDEX leads_received ON leads (received_at DESC, id DESC);
CREATE INDEX leads_status_received ON leads (status, received_at DESC, id DESC);

CREATE TABLE lead_notes (
  id bigserial PRIMARY KEY,
  lead_id uuid NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
  author_id uuid,
  author text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX lead_notes_lead ON lead_notes (lead_id, created_at);

-- A lead's history: notifications sent, status changes, exports (erased with the lead).
CREATE TABLE lead_events (
  id bigserial PRIMARY KEY,
  lead_id uuid NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
  at timestamptz NOT NULL DEFAULT now(),
  actor text,
  kind text NOT NULL,
  detail jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX lead_events_lead ON lead_events (lead_id, at);

-- The outbox carries notification emails beside webhook copies; each email row is one recipient.
ALTER TABLE outbox
  ADD COLUMN kind text NOT NULL DEFAULT 'webhook' CHECK (kind IN ('webhook', 'email')),
  ADD COLUMN recipient text;

-- Submissions per client and form, in the database so that every instance counts the same window.
CREATE TABLE rate_hits (
  bucket text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rate_hits_bucket_at ON rate_hits (bucket, at);

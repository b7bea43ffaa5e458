-- Leads: exactly the form's payload (jsonb), the form id, when it arrived and a keyed hash of the client address.
CREATE TABLE leads (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  form_id text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  payload jsonb NOT NULL,
  client_hash text NOT NULL
);
CREATE INDEX leads_form_received ON leads (form_id, received_at);
CREATE INDEX leads_email ON leads (lower(payload->>'email'));

-- Idempotency-Key per form: the unique key makes a concurrent duplicate wait for, then replay, the first answer.
CREATE TABLE idempotency_keys (
  form_id text NOT NULL,
  key text NOT NULL,
  fingerprint text NOT NULL,
  status integer NOT NULL,
  response jsonb NOT NULL,
  lead_id uuid REFERENCES leads (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (form_id, key)
);

-- Webhook deliveries, written in the lead's transaction; a lead's deletion removes its pending copy too.
CREATE TABLE outbox (
  id bigserial PRIMARY KEY,
  lead_id uuid NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
  body jsonb NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  delivered_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX outbox_pending ON outbox (next_attempt_at) WHERE delivered_at IS NULL;

-- Secrets shared by every process on this database (the client-address hash key).
CREATE TABLE service_secrets (
  name text PRIMARY KEY,
  value text NOT NULL
);

-- Signature profiles (spec documents §3): a user's saved visible signature: name (unique per
-- user, any case), the credential it signs with (an rSSP credential id; no cross-schema key),
-- the image as given and as rendered with its text, the text parameters and a saved position.
create table rdss.signature_profiles (
  id uuid primary key,
  owner_id uuid not null,
  name text not null,
  credential_id uuid,
  source_image bytea,
  source_image_type text check (source_image_type in ('image/png', 'image/jpeg')),
  rendered_image bytea,
  rendered_image_type text check (rendered_image_type in ('image/png', 'image/jpeg')),
  text_params jsonb not null,
  saved_field jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index signature_profiles_owner_name on rdss.signature_profiles (owner_id, lower(name));

-- The admin's visible-signature background (spec documents §2 Signature background): one row.
create table rdss.visible_signature_settings (
  id boolean primary key default true check (id),
  bg_color jsonb not null,
  bg_image bytea,
  bg_image_type text check (bg_image_type in ('image/png', 'image/jpeg')),
  updated_by uuid,
  updated_at timestamptz not null default now()
);

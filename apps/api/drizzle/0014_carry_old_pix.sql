-- An upgrade from a release that kept the shop's PIX in site configuration (5306690 and before) keeps
-- receiving PIX, and its offers can still be confirmed:
--
-- 1. The PIX that release paid into becomes the settings 'pix_key', 'pix_recipient' and 'pix_city'
--    (section 'settings', a jsonb string each), which are all this release reads. That release took site
--    configuration 'payments' / 'pix' ({key, recipient, city}) when it was active and usable (a valid key,
--    a name and a city), else the first active PIX shortcut's data; the same rule picks it here. Each
--    setting is written only when the database has no row of it (ON CONFLICT DO NOTHING: a value the admin
--    set is kept, and no existing row changes). The key is stored as the settings validation stores it
--    (normalizePixKey: e-mail in lower case, +55 phone, CPF/CNPJ digits, lower-case random key); a name or
--    city longer than the settings allow (60) is stored in its BR Code form (upper-case ASCII, cut to 25
--    and 15 characters), which is what that release's codes carried.
--    Demo payment data never receives money: the old demo key 'pagamentos@vitrine.com.br' and any key of
--    the reserved '.invalid' domain (later demo data) are not carried, so such a shop is told to set its key.
-- 2. Every PIX that release offered (chat_payment_intents without a payments row) becomes a pending static
--    payment in Pagamentos, so an admin can mark it received: same amount, item, conversation, txid and
--    BR Code, created when it was offered, no expiry.
-- Nothing is deleted: the old 'payments' / 'pix' row stays (no longer read). Run again, it adds nothing.
-- The rows written fire the change notifications of 0001 like any write (delivered at commit).
CREATE FUNCTION vitrine_0014_trim(value text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  -- JavaScript's String.prototype.trim(): Unicode white space and line terminators at both ends.
  SELECT regexp_replace(value, '^[[:space:]\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+|[[:space:]\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+$', '', 'g')
$$;
--> statement-breakpoint
CREATE FUNCTION vitrine_0014_check_digit(digits text, weights int[]) RETURNS int LANGUAGE sql IMMUTABLE AS $$
  -- packages/domain/src/pix.ts checkDigit: the weighted sum modulo 11.
  SELECT CASE WHEN total % 11 < 2 THEN 0 ELSE 11 - total % 11 END
  FROM (SELECT sum(substr(digits, i, 1)::int * weights[i]) AS total FROM generate_subscripts(weights, 1) AS i) AS summed
$$;
--> statement-breakpoint
CREATE FUNCTION vitrine_0014_pix_key(raw text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
-- packages/domain/src/pix.ts normalizePixKey (the type inferred from the shape), with the settings'
-- length limit: the key as the 'pix_key' setting stores it, or null when it is not a valid key.
DECLARE
  value text := vitrine_0014_trim(raw);
  digits text := regexp_replace(value, '[^0-9]', '', 'g');
  candidate text;
BEGIN
  IF value = '' OR length(value) > 120 THEN
    RETURN NULL;
  ELSIF position('@' IN value) > 0 THEN
    candidate := lower(value);
    IF length(candidate) <= 77 AND candidate ~ '^[a-z0-9.!#$%&''*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$' THEN
      RETURN candidate;
    END IF;
  ELSIF left(value, 1) = '+' THEN
    candidate := '+' || CASE WHEN length(digits) IN (10, 11) THEN '55' || digits ELSE digits END;
    IF candidate ~ '^\+55[1-9]{2}9?[0-9]{8}$' THEN
      RETURN candidate;
    END IF;
  ELSIF value ~* '^[0-9a-f-]{36}$' THEN
    candidate := lower(value);
    IF candidate ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN
      RETURN candidate;
    END IF;
  ELSIF digits ~ '^[0-9]{11}$' AND digits !~ '^(.)\1{10}$' AND value ~ '^[0-9.[:space:]-]+$'
    AND vitrine_0014_check_digit(digits, ARRAY[10, 9, 8, 7, 6, 5, 4, 3, 2]) = substr(digits, 10, 1)::int
    AND vitrine_0014_check_digit(digits, ARRAY[11, 10, 9, 8, 7, 6, 5, 4, 3, 2]) = substr(digits, 11, 1)::int THEN
    RETURN digits;
  ELSIF digits ~ '^[0-9]{14}$' AND digits !~ '^(.)\1{13}$' AND value ~ '^[0-9./[:space:]-]+$'
    AND vitrine_0014_check_digit(digits, ARRAY[5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]) = substr(digits, 13, 1)::int
    AND vitrine_0014_check_digit(digits, ARRAY[6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]) = substr(digits, 14, 1)::int THEN
    RETURN digits;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION vitrine_0014_pix_text(value text, max int) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  -- packages/domain/src/pix.ts pixText: accents dropped, upper-case ASCII letters, digits and ' .,-/',
  -- single spaces, cut to max characters.
  SELECT vitrine_0014_trim(left(vitrine_0014_trim(regexp_replace(regexp_replace(upper(vitrine_0014_trim(regexp_replace(regexp_replace(
    regexp_replace(CASE WHEN current_setting('server_encoding') = 'UTF8' THEN normalize(value, NFD) ELSE value END, '[\u005e\u0060\u00a8\u00af\u00b4\u00b7\u00b8\u02b0-\u036f]', '', 'g'),
    '[^\x20-\x7e]', ' ', 'g'), '[[:space:]]+', ' ', 'g'))), '[^A-Z0-9 .,/-]', ' ', 'g'), ' +', ' ', 'g')), max))
$$;
--> statement-breakpoint
INSERT INTO "site_configurations" ("section", "config_key", "config_value", "is_active")
WITH "candidates" AS (
  SELECT 0::bigint AS "rank", "config_value" AS "pix"
  FROM "site_configurations"
  WHERE "section" = 'payments' AND "config_key" = 'pix' AND "is_active"
  UNION ALL
  SELECT row_number() OVER (ORDER BY "order_index", "created_at"), "pix_data"
  FROM "shortcuts"
  WHERE "type" = 'pix' AND "active" AND "pix_data" IS NOT NULL
), "usable" AS (
  SELECT "rank",
    vitrine_0014_pix_key("pix" ->> 'key') AS "key",
    vitrine_0014_trim("pix" ->> 'recipient') AS "recipient",
    vitrine_0014_trim("pix" ->> 'city') AS "city"
  FROM "candidates"
  WHERE jsonb_typeof("pix") = 'object'
    AND jsonb_typeof("pix" -> 'key') = 'string'
    AND jsonb_typeof("pix" -> 'recipient') = 'string'
    AND jsonb_typeof("pix" -> 'city') = 'string'
), "used" AS (
  -- What that release paid into: the first usable one.
  SELECT * FROM "usable"
  WHERE "key" IS NOT NULL AND "recipient" <> '' AND "city" <> ''
  ORDER BY "rank"
  LIMIT 1
)
SELECT 'settings', "setting"."key", to_jsonb("setting"."value"), true
FROM "used"
CROSS JOIN LATERAL (
  VALUES
    ('pix_key', "used"."key"),
    ('pix_recipient', CASE WHEN length("used"."recipient") <= 60 THEN "used"."recipient" ELSE vitrine_0014_pix_text("used"."recipient", 25) END),
    ('pix_city', CASE WHEN length("used"."city") <= 60 THEN "used"."city" ELSE vitrine_0014_pix_text("used"."city", 15) END)
) AS "setting" ("key", "value")
WHERE "used"."key" <> 'pagamentos@vitrine.com.br'
  AND "used"."key" !~ '\.invalid$'
  AND "setting"."value" <> ''
ORDER BY "setting"."key"
ON CONFLICT ("section", "config_key") DO NOTHING;
--> statement-breakpoint
INSERT INTO "payments" ("status", "provider", "amount", "kind", "item_name", "conversation_id", "payment_intent_id", "txid", "br_code", "manual", "created_at", "expires_at")
SELECT 'created', 'static', "intent"."amount", "intent"."kind", "intent"."item_name", "intent"."conversation_id", "intent"."id",
  "intent"."txid", "intent"."br_code", false, "intent"."created_at", NULL
FROM "chat_payment_intents" AS "intent"
WHERE NOT EXISTS (SELECT 1 FROM "payments" WHERE "payments"."payment_intent_id" = "intent"."id")
ORDER BY "intent"."created_at", "intent"."id";
--> statement-breakpoint
DROP FUNCTION vitrine_0014_pix_text(text, int);
--> statement-breakpoint
DROP FUNCTION vitrine_0014_pix_key(text);
--> statement-breakpoint
DROP FUNCTION vitrine_0014_check_digit(text, int[]);
--> statement-breakpoint
DROP FUNCTION vitrine_0014_trim(text);

-- The demo's seven reseller plans were written without a modalidade, which the plan form requires
-- ('Nome, descrição e modalidade são obrigatórios'): an admin could not change only a demo plan's price.
-- This release's demo gives them one (apps/api/src/db/seed-data.ts): pre-paid for the monthly credit
-- plans, post-paid for those billed by active clients. A database seeded by an earlier release gets the
-- same, only where it still is the demo: the demo marker is there, the plan has the demo's name, type and
-- credits, and no modalidade yet. A plan the shop made, or gave a modalidade, is left as it is. Each
-- filled row is a new version (updated_at), as any other write. Run again, it changes nothing.
UPDATE "reseller_plans"
SET "modalidade_plano" = CASE "type" WHEN 'monthly' THEN 'pre_pago' ELSE 'pos_pago' END,
  "updated_at" = now()
WHERE "modalidade_plano" IS NULL
  AND ("name", "type", "credits") IN (
    ('Mensal 50 créditos', 'monthly', 50),
    ('Mensal 100 créditos', 'monthly', 100),
    ('Mensal 150 créditos', 'monthly', 150),
    ('Mensal 200 créditos', 'monthly', 200),
    ('Clientes Ativos 5', 'active_users', 5),
    ('Clientes Ativos 10', 'active_users', 10),
    ('Clientes Ativos 20', 'active_users', 20)
  )
  AND EXISTS (SELECT 1 FROM "site_configurations" WHERE "section" = 'system' AND "config_key" = 'demo_seeded_at');

-- Every write to a table browsers show publishes {table, op, id} on one channel, so every API
-- instance on this database (and its event-stream clients) hears about it, whoever wrote it.
CREATE OR REPLACE FUNCTION vitrine_notify_change() RETURNS trigger AS $$
DECLARE
  row_id text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    row_id := to_jsonb(OLD) ->> TG_ARGV[0];
  ELSE
    row_id := to_jsonb(NEW) ->> TG_ARGV[0];
  END IF;
  PERFORM pg_notify('vitrine_changes', json_build_object('table', TG_TABLE_NAME, 'op', lower(TG_OP), 'id', row_id)::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER plans_notify_change AFTER INSERT OR UPDATE OR DELETE ON "plans" FOR EACH ROW EXECUTE FUNCTION vitrine_notify_change('id');
--> statement-breakpoint
CREATE TRIGGER apps_notify_change AFTER INSERT OR UPDATE OR DELETE ON "apps" FOR EACH ROW EXECUTE FUNCTION vitrine_notify_change('id');
--> statement-breakpoint
CREATE TRIGGER download_codes_notify_change AFTER INSERT OR UPDATE OR DELETE ON "download_codes" FOR EACH ROW EXECUTE FUNCTION vitrine_notify_change('id');
--> statement-breakpoint
CREATE TRIGGER streaming_apps_notify_change AFTER INSERT OR UPDATE OR DELETE ON "streaming_apps" FOR EACH ROW EXECUTE FUNCTION vitrine_notify_change('id');
--> statement-breakpoint
CREATE TRIGGER shortcuts_notify_change AFTER INSERT OR UPDATE OR DELETE ON "shortcuts" FOR EACH ROW EXECUTE FUNCTION vitrine_notify_change('id');
--> statement-breakpoint
CREATE TRIGGER reseller_plans_notify_change AFTER INSERT OR UPDATE OR DELETE ON "reseller_plans" FOR EACH ROW EXECUTE FUNCTION vitrine_notify_change('id');
--> statement-breakpoint
CREATE TRIGGER supplier_pricing_notify_change AFTER INSERT OR UPDATE OR DELETE ON "supplier_pricing" FOR EACH ROW EXECUTE FUNCTION vitrine_notify_change('id');
--> statement-breakpoint
CREATE TRIGGER providers_notify_change AFTER INSERT OR UPDATE OR DELETE ON "providers" FOR EACH ROW EXECUTE FUNCTION vitrine_notify_change('id');
--> statement-breakpoint
CREATE TRIGGER provider_costs_notify_change AFTER INSERT OR UPDATE OR DELETE ON "provider_costs" FOR EACH ROW EXECUTE FUNCTION vitrine_notify_change('id');
--> statement-breakpoint
CREATE TRIGGER discount_rates_notify_change AFTER INSERT OR UPDATE OR DELETE ON "discount_rates" FOR EACH ROW EXECUTE FUNCTION vitrine_notify_change('id');
--> statement-breakpoint
CREATE TRIGGER pricing_calculations_notify_change AFTER INSERT OR UPDATE OR DELETE ON "pricing_calculations" FOR EACH ROW EXECUTE FUNCTION vitrine_notify_change('id');
--> statement-breakpoint
CREATE TRIGGER credit_orders_notify_change AFTER INSERT OR UPDATE OR DELETE ON "credit_orders" FOR EACH ROW EXECUTE FUNCTION vitrine_notify_change('id');
--> statement-breakpoint
CREATE TRIGGER webhook_deliveries_notify_change AFTER INSERT OR UPDATE OR DELETE ON "webhook_deliveries" FOR EACH ROW EXECUTE FUNCTION vitrine_notify_change('id');
--> statement-breakpoint
CREATE TRIGGER site_configurations_notify_change AFTER INSERT OR UPDATE OR DELETE ON "site_configurations" FOR EACH ROW EXECUTE FUNCTION vitrine_notify_change('id');
--> statement-breakpoint
CREATE TRIGGER contact_messages_notify_change AFTER INSERT OR UPDATE OR DELETE ON "contact_messages" FOR EACH ROW EXECUTE FUNCTION vitrine_notify_change('id');
--> statement-breakpoint
CREATE TRIGGER media_titles_notify_change AFTER INSERT OR UPDATE OR DELETE ON "media_titles" FOR EACH ROW EXECUTE FUNCTION vitrine_notify_change('id');
--> statement-breakpoint
CREATE TRIGGER pro_users_notify_change AFTER INSERT OR UPDATE OR DELETE ON "pro_users" FOR EACH ROW EXECUTE FUNCTION vitrine_notify_change('email');
--> statement-breakpoint
CREATE TRIGGER chat_messages_notify_change AFTER INSERT OR UPDATE OR DELETE ON "chat_messages" FOR EACH ROW EXECUTE FUNCTION vitrine_notify_change('id');
--> statement-breakpoint
CREATE TRIGGER uploads_notify_change AFTER INSERT OR UPDATE OR DELETE ON "uploads" FOR EACH ROW EXECUTE FUNCTION vitrine_notify_change('id');
--> statement-breakpoint
CREATE TRIGGER email_outbox_notify_change AFTER INSERT OR UPDATE OR DELETE ON "email_outbox" FOR EACH ROW EXECUTE FUNCTION vitrine_notify_change('id');

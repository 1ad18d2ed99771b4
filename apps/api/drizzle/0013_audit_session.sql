ALTER TABLE "audit_log" ADD COLUMN "actor_session_id" text;--> statement-breakpoint
-- An audit row's notice names the session that wrote (its row id, never its token): the event stream
-- tells each browser whether a write was its own or another session's. Background jobs write no audit row.
CREATE OR REPLACE FUNCTION vitrine_notify_audit() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('vitrine_changes', json_build_object('table', TG_TABLE_NAME, 'op', 'delete', 'id', OLD.id::text)::text);
  ELSE
    PERFORM pg_notify('vitrine_changes', json_build_object('table', TG_TABLE_NAME, 'op', lower(TG_OP), 'id', NEW.id::text, 'session', NEW.actor_session_id)::text);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER IF EXISTS audit_log_notify_change ON "audit_log";
--> statement-breakpoint
CREATE TRIGGER audit_log_notify_change AFTER INSERT OR UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION vitrine_notify_audit();

-- Issue 15: audit rows of records written before the audit log left patient identifiers out still
-- hold a procedure's patient name (details.patient) and a clinical case's patient id
-- (details.patientId) in their before/after state. No other record kind has a field of either
-- name, so both keys are removed from every record audit row's details.
UPDATE "audit_log" SET
	"before" = CASE WHEN jsonb_typeof("before" -> 'details') = 'object'
		THEN jsonb_set("before", '{details}', ("before" -> 'details') - 'patient' - 'patientId')
		ELSE "before" END,
	"after" = CASE WHEN jsonb_typeof("after" -> 'details') = 'object'
		THEN jsonb_set("after", '{details}', ("after" -> 'details') - 'patient' - 'patientId')
		ELSE "after" END
WHERE "entity" = 'record'
	AND ((jsonb_typeof("before" -> 'details') = 'object' AND ("before" -> 'details') ?| array['patient', 'patientId'])
		OR (jsonb_typeof("after" -> 'details') = 'object' AND ("after" -> 'details') ?| array['patient', 'patientId']));

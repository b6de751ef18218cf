DROP INDEX "colaborador_nombre_idx";--> statement-breakpoint
DROP INDEX "colaborador_empresa_nombre_idx";--> statement-breakpoint
CREATE INDEX "colaborador_nombre_idx" ON "control_colaborador_empresa" USING btree ((trim("apellido_paterno" || ' ' || "apellido_materno") || ', ' || "nombre"),"codigo_control_colaborador_empresa");--> statement-breakpoint
CREATE INDEX "colaborador_empresa_nombre_idx" ON "control_colaborador_empresa" USING btree ("codigo_empresa_usuario",(trim("apellido_paterno" || ' ' || "apellido_materno") || ', ' || "nombre"),"codigo_control_colaborador_empresa");
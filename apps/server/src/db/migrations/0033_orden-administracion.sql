DROP INDEX "colaborador_documento_idx";--> statement-breakpoint
CREATE INDEX "colaborador_empresa_documento_idx" ON "control_colaborador_empresa" USING btree ("codigo_empresa_usuario","numero_documento_identidad","codigo_control_colaborador_empresa");--> statement-breakpoint
CREATE INDEX "colaborador_nombre_idx" ON "control_colaborador_empresa" USING btree (trim("apellido_paterno" || ' ' || "apellido_materno" || ', ' || "nombre"),"codigo_control_colaborador_empresa");--> statement-breakpoint
CREATE INDEX "colaborador_empresa_nombre_idx" ON "control_colaborador_empresa" USING btree ("codigo_empresa_usuario",trim("apellido_paterno" || ' ' || "apellido_materno" || ', ' || "nombre"),"codigo_control_colaborador_empresa");--> statement-breakpoint
CREATE INDEX "catalogo_codigo_interno_idx" ON "catalogo_usuario" USING btree ("codigo_interno","codigo_catalogo_usuario");--> statement-breakpoint
CREATE INDEX "catalogo_empresa_codigo_interno_idx" ON "catalogo_usuario" USING btree ("codigo_empresa_usuario","codigo_interno","codigo_catalogo_usuario");--> statement-breakpoint
CREATE INDEX "catalogo_partida_idx" ON "catalogo_usuario" USING btree ("numero_partida","codigo_catalogo_usuario");--> statement-breakpoint
CREATE INDEX "catalogo_empresa_partida_idx" ON "catalogo_usuario" USING btree ("codigo_empresa_usuario","numero_partida","codigo_catalogo_usuario");--> statement-breakpoint
CREATE INDEX "importador_ruc_idx" ON "importador" USING btree ("estado_anulado","ruc","codigo_importador");--> statement-breakpoint
CREATE INDEX "importador_empresa_ruc_idx" ON "importador" USING btree ("codigo_empresa_usuario","estado_anulado","ruc","codigo_importador");--> statement-breakpoint
CREATE INDEX "transportista_ruc_idx" ON "transportista_usuario" USING btree ("estado_anulado","ruc","codigo_transportista_usuario");--> statement-breakpoint
CREATE INDEX "transportista_empresa_ruc_idx" ON "transportista_usuario" USING btree ("codigo_empresa_usuario","estado_anulado","ruc","codigo_transportista_usuario");--> statement-breakpoint
CREATE INDEX "transportista_inicio_idx" ON "transportista_usuario" USING btree ("estado_anulado","fecha_inicio","codigo_transportista_usuario");--> statement-breakpoint
CREATE INDEX "transportista_empresa_inicio_idx" ON "transportista_usuario" USING btree ("codigo_empresa_usuario","estado_anulado","fecha_inicio","codigo_transportista_usuario");--> statement-breakpoint
CREATE INDEX "transportista_cese_idx" ON "transportista_usuario" USING btree ("estado_anulado","fecha_cese","codigo_transportista_usuario");--> statement-breakpoint
CREATE INDEX "transportista_empresa_cese_idx" ON "transportista_usuario" USING btree ("codigo_empresa_usuario","estado_anulado","fecha_cese","codigo_transportista_usuario");--> statement-breakpoint
CREATE INDEX "usuario_nombre_completo_idx" ON "usuario" USING btree (trim("nombre" || ' ' || "apellido_paterno" || ' ' || "apellido_materno"),"codigo_usuario");--> statement-breakpoint
CREATE INDEX "usuario_empresa_nombre_completo_idx" ON "usuario" USING btree ("codigo_empresa_usuario",trim("nombre" || ' ' || "apellido_paterno" || ' ' || "apellido_materno"),"codigo_usuario");--> statement-breakpoint
CREATE INDEX "usuario_nombre_usuario_idx" ON "usuario" USING btree ("nombre_usuario","codigo_usuario");--> statement-breakpoint
CREATE INDEX "usuario_empresa_nombre_usuario_idx" ON "usuario" USING btree ("codigo_empresa_usuario","nombre_usuario","codigo_usuario");--> statement-breakpoint
CREATE INDEX "usuario_estado_nombre_idx" ON "usuario" USING btree ("estado_anulado",trim("nombre" || ' ' || "apellido_paterno" || ' ' || "apellido_materno"),"codigo_usuario");--> statement-breakpoint
CREATE INDEX "usuario_empresa_estado_nombre_idx" ON "usuario" USING btree ("codigo_empresa_usuario","estado_anulado",trim("nombre" || ' ' || "apellido_paterno" || ' ' || "apellido_materno"),"codigo_usuario");--> statement-breakpoint
CREATE INDEX "colaborador_documento_idx" ON "control_colaborador_empresa" USING btree ("numero_documento_identidad","codigo_control_colaborador_empresa");
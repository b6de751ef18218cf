import { Button, Card, Form, type FormInstance, Space } from 'antd';
import { type ReactNode, useState } from 'react';
import { notificar } from '../api/notificador';
import { aplicarErroresCampo } from './errores-campo';

interface Props<T> {
  titulo: ReactNode;
  form: FormInstance<T>;
  /** Saves this card's slice; its own button ('Actualizar' in edit mode, spec 01 §4). */
  alGuardar?: (valores: T) => Promise<unknown>;
  textoBoton?: string;
  /** Message when the card's own validation fails. */
  mensajeInvalido?: string;
  soloLectura?: boolean;
  initialValues?: Partial<T>;
  extra?: ReactNode;
  children: ReactNode;
  onValuesChange?: (cambios: Partial<T>, todos: T) => void;
}

/**
 * A form card: one card of a long form that validates and saves its own slice (the spec's edit mode saves per
 * card). Server field errors land on the fields; the button shows progress and cannot be pressed twice.
 */
export function TarjetaFormulario<T extends object>(p: Props<T>) {
  const [guardando, setGuardando] = useState(false);
  const guardar = async () => {
    if (!p.alGuardar) return;
    let valores: T;
    try {
      valores = await p.form.validateFields();
    } catch {
      if (p.mensajeInvalido) notificar.error(p.mensajeInvalido);
      return;
    }
    setGuardando(true);
    try {
      await p.alGuardar(valores);
    } catch (e) {
      aplicarErroresCampo(p.form, e);
    } finally {
      setGuardando(false);
    }
  };
  return (
    <Card
      title={p.titulo}
      size="small"
      style={{ marginBottom: 16 }}
      extra={
        <Space>
          {p.extra}
          {p.alGuardar && !p.soloLectura ? (
            <Button type="primary" onClick={guardar} loading={guardando}>
              {p.textoBoton ?? 'Guardar'}
            </Button>
          ) : null}
        </Space>
      }
    >
      <Form
        form={p.form}
        layout="vertical"
        disabled={p.soloLectura}
        initialValues={p.initialValues}
        onValuesChange={p.onValuesChange}
        requiredMark
      >
        {p.children}
      </Form>
    </Card>
  );
}

import type { FormRule } from 'antd';
import type { z } from 'zod';

/**
 * An antd rule backed by the contract's zod schema, so a form never redefines a rule the server checks:
 * the whole form's values are validated and the messages for this field are shown.
 */
export function reglaZod(esquema: z.ZodType, campo: string): FormRule {
  return ({ getFieldsValue }) => ({
    validator: async () => {
      const r = esquema.safeParse(getFieldsValue(true));
      if (r.success) return;
      const propio = r.error.issues.find((i) => i.path.join('.') === campo);
      if (propio) throw new Error(propio.message);
    },
  });
}

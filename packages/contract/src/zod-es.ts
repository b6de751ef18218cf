import { z } from 'zod';
import { es } from 'zod/locales';

/**
 * Validation messages that zod writes itself (a rule without its own message) are Spanish: server and web call
 * this once at start, so no English validation text can reach a user.
 */
export const configurarZodEspanol = () => z.config(es());

// Per test file setup: nothing global yet; factories live in test/entorno.ts.
process.env.TZ = 'America/Lima';

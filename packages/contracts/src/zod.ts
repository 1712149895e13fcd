import { config, z } from 'zod';

// zod compiles object parsers with `new Function` where it may, and finds out whether it may by
// trying it once per schema it builds. In the browser the shop's Content-Security-Policy has no
// 'unsafe-eval', so that try is a CSP violation the browser reports (Lighthouse's best practices
// count it). The web's answers are small: it parses without compiling. The API keeps compiling.
// Every contract builds its schemas with this `z`, so the setting is made before the first one.
if ('document' in globalThis) config({ jitless: true });

export { z };

import pl from 'zod/v4/locales/pl.js';
import { setZodFallback } from './zod-error-map';

/**
 * zod's Polish locale as the error map's last resort (i18n/zod-error-map.ts). Imported for its effect
 * by lib/form.ts, so it comes with the chunks of the forms, not with the landing page's entry.
 */
setZodFallback(pl().localeError);

import { domainTranslator } from './messages';
import { csvMessages } from './messages/csv';

/** The texts of the CSV export button (member and admin screens): importing this module loads them, not the entry. */
export const t = domainTranslator(csvMessages);

import { EXPORT_SECTIONS, privacyNotice } from '@/i18n/privacy-notice';

/** The club named in the file's notice: its name (the site title) and the contact for data matters. */
export type Controller = { controller: string; contact: string | null | undefined };

/** What export_my_data and admin_export_member_data answer (private.member_data_export). */
export type MemberData = {
  format: string;
  version: number;
  generated_at: string;
  user_id: string;
  data: Record<string, unknown>;
};

/**
 * The file of 'Pobierz moje dane' (RODO art. 15 and 20): one JSON document in a common
 * machine-readable format, opening with the art. 15 information (the privacy notice, the same text
 * as the page /polityka-prywatnosci), then what each section holds, then the data. JSON alone, no
 * zip of CSVs: every section is a list of objects a spreadsheet or a script reads as it is.
 */
export function memberDataFile(answer: MemberData, controller: Controller): { fileName: string; content: string } {
  const day = answer.generated_at.slice(0, 10);
  const sections = Object.fromEntries(
    Object.keys(answer.data)
      .sort()
      .map((key) => [key, EXPORT_SECTIONS[key] ?? key]),
  );
  const document = {
    informacja: privacyNotice(controller),
    plik: {
      format: answer.format,
      wersja: answer.version,
      wygenerowano: answer.generated_at,
      identyfikator_konta: answer.user_id,
    },
    sekcje: sections,
    dane: answer.data,
  };
  return { fileName: `moje-dane-${day}.json`, content: `${JSON.stringify(document, null, 2)}\n` };
}

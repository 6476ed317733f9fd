/** Every CSV export (the member's history, the admin lists): components/ui/csv-export-button.tsx. */
export const csvMessages = {
  'csv.download': 'Pobierz CSV',
  'csv.pending': 'Przygotowywanie pliku...',
  'csv.progress': 'Przygotowywanie pliku... wiersze: {rows}',
  'csv.failed': 'Nie udało się przygotować pliku CSV',
} as const;

/** The apps catalogue and the admin app form (dashboard.md §2, §5, §8). */
export const appsMessages = {
  'validation.image.format': 'Niedozwolony format pliku...',
  'validation.image.min_dimensions': 'Minimalne wymiary obrazu to 100x100px',
  'validation.image.max_dimensions': 'Maksymalne wymiary obrazu to 2048x2048px',
  'validation.image.unreadable': 'Nie można odczytać wymiarów obrazu',
  'validation.app.app_store_url': 'Nieprawidłowy format linku App Store',
  'validation.app.google_play_url': 'Nieprawidłowy format linku Google Play',
  'validation.app.website_url': 'Nieprawidłowy format linku WWW',
  'apps.empty': 'Brak dostępnych aplikacji',
  'apps.load_failed': 'Nie udało się załadować aplikacji',
  'apps.create_failed': 'Nie udało się utworzyć aplikacji',
  'apps.update_failed': 'Nie udało się zaktualizować aplikacji',
  'apps.delete_failed': 'Nie udało się usunąć aplikacji',
} as const;

/** Query and mutation keys of e-mail: SMTP configurations and templates (the admin's 'SMTP' and 'Szablony' tabs). */
export const emailKeys = {
  all: ['email'] as const,
  smtp: () => [...emailKeys.all, 'smtp'] as const,
  saveSmtp: () => [...emailKeys.smtp(), 'save'] as const,
  deleteSmtp: () => [...emailKeys.smtp(), 'delete'] as const,
  testSmtp: () => [...emailKeys.smtp(), 'test'] as const,
  templates: () => [...emailKeys.all, 'templates'] as const,
  saveTemplate: () => [...emailKeys.templates(), 'save'] as const,
  deleteTemplate: () => [...emailKeys.templates(), 'delete'] as const,
};

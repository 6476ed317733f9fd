/**
 * The one phone rule of the app and the database: E.164, a plus, then 7 to 15 digits, the first
 * not 0. The browser checks it first (components/form/phone-field.tsx), the database on every
 * profile write (private.validate_profile_contact: `^\+[1-9][0-9]{6,14}$`); a test keeps the two
 * patterns equal.
 */
export const E164_PHONE_PATTERN = /^\+[1-9]\d{6,14}$/;

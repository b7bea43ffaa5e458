/** A form's id: its file's name in site.config/forms/. */
export const isFormId = (s: string) => /^[a-z0-9][a-z0-9_-]{0,63}$/i.test(s);

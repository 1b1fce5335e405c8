/** Escapes text for HTML content and double-quoted attribute values. */
export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON inside a <script> element: "<" escaped so no "</script>" in the data can close it. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

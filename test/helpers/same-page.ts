/**
 * A page's HTML with what a build or an install changes by itself replaced by placeholders: the
 * hashed names of scripts and build photos, the random names of uploaded photos (and their ids in
 * the page state), the inlined stylesheet and its generated class names (both the build's output,
 * like the hashed files). Everything a visitor reads or a crawler parses stays as it is.
 */
export function normalizePage(html: string): string {
  return html
    .replace(/<style>[^<]*<\/style>/g, '<style>CSS</style>')
    .replace(/ class="([^"]*)"/g, (_all, names: string) => ` class="${names.replace(/[^ ]+/g, 'C')}"`)
    .replace(/\/media\/[A-Za-z0-9_-]{16}/g, '/media/ID')
    .replace(/"id":"[A-Za-z0-9_-]{16}"/g, '"id":"ID"')
    .replace(/\/assets\/([\w/.-]*?)-[A-Z0-9]{8}\.(js|css)/g, '/assets/$1-HASH.$2')
    .replace(/\/img\/([\w-]+?)-(\d+)-[0-9a-f]{10}\./g, '/img/$1-$2-HASH.');
}

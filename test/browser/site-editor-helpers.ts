/**
 * The site editor's steps in a browser (site-editor.test.ts, site-editor-sections.test.ts): open a
 * section from the list, open a slide or a card, back to the list, wait for the draft to be saved.
 */
import type { SiteEditorState } from '../../src/features/site/site-api';
import type { SiteContent } from '../../src/features/site/site-content';
import type { Page } from './helpers';

/**
 * Opens one section of the editor from its list of sections (the editor shows one section's
 * fields at a time: issue 32), going back to the list first when a section is open.
 */
export async function section(page: Page, name: string) {
  await sectionList(page);
  await page
    .getByRole('navigation', { name: 'Sections of the page' })
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .click();
  await page.getByRole('group', { name, exact: true }).waitFor();
}

/** Opens a slide or a card of the open section (its fields show once opened). */
export async function expand(page: Page, name: string) {
  await page.getByRole('button', { name: new RegExp(`^${name}(?!\\d)`), expanded: false }).click();
}

/** Back to the list of sections (where History is). */
export async function sectionList(page: Page) {
  const back = page.getByRole('button', { name: 'All sections' });
  if (await back.isVisible()) await back.click();
  await page.getByRole('navigation', { name: 'Sections of the page' }).waitFor();
}

/** Waits until the draft on the server passes `check` (the editor saves a moment after typing). */
export async function draftWhere(page: Page, check: (content: SiteContent) => boolean) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const state = (await (
      await page.context().request.get(`${new URL(page.url()).origin}/api/site`)
    ).json()) as SiteEditorState;
    if (state.hasDraft && check(state.content)) {
      await page.getByRole('status').filter({ hasText: 'Draft saved' }).waitFor();
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the draft was not saved');
}

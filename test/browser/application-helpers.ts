/**
 * The application form's browser files' set-up (issue 29): the family's side of /apply/{litter}.
 * The yard's answer carries markup, which her screen must show as text.
 */
import type { Page } from './helpers';

/** Fills the standard questions' required answers (and the family's details). */
export async function fillApplication(page: Page, name: string, email: string) {
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Email').fill(email);
  await fillAnswers(page);
}

/** The standard questions' required answers only (the form on a family's own page). */
export async function fillAnswers(page: Page) {
  await page
    .getByRole('radiogroup', { name: 'What type of home do you live in?' })
    .getByLabel('House', { exact: true })
    .check();
  await page
    .getByRole('radiogroup', { name: 'Do you own or rent your home?' })
    .getByLabel('Own', { exact: true })
    .check();
  await page
    .getByLabel('Do you have a yard, and is it fenced? Tell us about it.')
    .fill('Fenced, <b>big</b>.');
  await page.getByLabel('Who lives in your home? Give the ages of any children.').fill('Two of us.');
  await page
    .getByRole('radiogroup', { name: 'Does anyone at home have allergies to dogs?' })
    .getByLabel('No')
    .check();
  await page.getByLabel('How many hours a day would the puppy be alone?').fill('2');
  await page.getByLabel('Have you had dogs before? What became of them?').fill('A beagle, lived to 15.');
  await page.getByLabel('Why this breed, and why us?').fill('Gentle and smart.');
}

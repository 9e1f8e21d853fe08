import type { Page } from '@playwright/test';
import type { GuestLanguage } from '../../../src/shared/guest-languages';

/** The guest header's language list (a native select named "Language" in every catalogue): pick a language. */
export const languageList = (page: Page) => page.getByRole('combobox', { name: /Language/ });

export async function chooseLanguage(page: Page, lang: GuestLanguage) {
  await languageList(page).selectOption(lang);
}

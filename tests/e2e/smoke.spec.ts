import { expect, test } from '@playwright/test';

test('the app shell loads in Chromium', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('app-root')).toBeVisible();
  await expect(page).toHaveTitle(/门户/);
});

// The app's start (loaded by src/main.tsx): texts, then React renders the router into #root.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, routerReady } from './App';
import { applyLocale, currentLocale } from './i18n/i18n';
import { loadServerKeys } from './i18n/language';

const locale = currentLocale();
const container = document.getElementById('root')!;
// The chosen language's texts load before the first render (zh-CN's first-page texts are bundled,
// the rest of it loads with the first screen that needs it; another locale is one request); should
// that fail, the page shows in zh-CN, the fallback, rather than not at all.
// A prerendered sign-in page (src/pages/login/prerender.tsx) is replaced by the first render: that
// waits for the page's module, so the same page takes its place (not the loading mask between).
const prerendered = container.childElementCount > 0;
void Promise.all([(locale === 'zh-CN' ? Promise.resolve() : applyLocale(locale)).catch(() => undefined), prerendered ? routerReady() : undefined]).then(() => {
  // The administrators' texts overlay the bundled ones as soon as they arrive.
  void loadServerKeys(locale).catch(() => 0);
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

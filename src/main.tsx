import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import './app.css';
import { applyLocale, currentLocale } from './i18n/i18n';
import { loadServerKeys } from './i18n/language';

const locale = currentLocale();
// The chosen language's texts load before the first render (zh-CN is bundled; another locale is
// one request); should that fail, the page shows in zh-CN, the fallback, rather than not at all.
void applyLocale(locale)
  .catch(() => undefined)
  .then(() => {
    // The administrators' texts overlay the bundled ones as soon as they arrive.
    void loadServerKeys(locale).catch(() => 0);
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });

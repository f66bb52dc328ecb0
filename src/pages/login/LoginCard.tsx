// The frame of the sign-in pages in plain HTML (issue 16: the login page paints from its
// prerendered HTML and src/pages/login/login.css, no antd): the coloured page, the card with its
// title, the language switch, the content and the link to the other portal's login.
import type { ReactNode } from 'react';
import { LanguageSelect } from '../LazyLanguageSelect';

export function LoginCard({
  title,
  testId,
  dealer = false,
  language = true,
  footer,
  children,
}: {
  title: string;
  testId: string;
  dealer?: boolean;
  language?: boolean;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className={dealer ? 'login-page dealer' : 'login-page'} data-testid={testId}>
      <section className="login-card" aria-labelledby={`${testId}-title`}>
        <div className="login-card-head">
          <h1 className="login-card-title" id={`${testId}-title`}>
            {title}
          </h1>
        </div>
        <div className="login-card-body">
          {language && (
            <div className="login-lang">
              <LanguageSelect />
            </div>
          )}
          {children}
          {footer && <div className="login-links">{footer}</div>}
        </div>
      </section>
    </main>
  );
}

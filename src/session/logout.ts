// Sign out: tell the server (best effort), forget the session and the shared state.
import { services } from '../api/services';
import { resetSharedState } from './atoms';
import { clearLoginFlags, clearSession, isDealerSession } from './session';
import { APP_ROUTES } from '../routes/routeTable';

/** Returns the login page to go to. */
export async function logout(): Promise<string> {
  const dealer = isDealerSession();
  await services.logout().catch(() => null);
  clearSession();
  clearLoginFlags();
  resetSharedState();
  return dealer ? APP_ROUTES.dealerLogin : APP_ROUTES.login;
}

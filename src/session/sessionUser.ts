// The signed-in user as the runtime sees it (runtime/engine SessionUser).
import type { SessionUser } from '../../runtime/engine';
import { getSessionValue, isAdministrator } from './session';

export function sessionUser(): SessionUser {
  return {
    id: getSessionValue('userId') ?? '',
    name: getSessionValue('empName'),
    departmentName: getSessionValue('empBuMenName'),
    mobile: getSessionValue('empMobileTel'),
    handoverIds: getSessionValue('jiaoJieRenIds'),
    isAdmin: isAdministrator(),
  };
}

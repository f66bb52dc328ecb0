// Session values, login flags, user kinds, ownership (spec §3, §6) in a browser-like DOM.
import { beforeEach, describe, expect, it } from 'vitest';
import {
  EXTRA_SESSION_KEYS,
  LOGIN_FLAGS,
  SESSION_KEYS,
  captureEmpSessionId,
  clearLoginFlags,
  clearSession,
  dealerFlag,
  getSession,
  hasToken,
  isAdministrator,
  isDealerSession,
  isOwnRecord,
  saveSession,
} from './session';
import { OrderNumberAtom, appStore, dealerIdAtom, offWebAtom, resetSharedState, syncSessionAtoms, tableListAtom, userIdAtom } from './atoms';

const employee = {
  mytoken: 'tok',
  token: 'tok',
  empSessionId: 'tok',
  empId: '1000000000000000011',
  empName: '张伟',
  empMobileTel: '13916002345',
  empBuMenName: '华东大区销售部',
  username: 'zhangwei',
  userId: '1000000000000000001',
  dealerId: null,
  dealerName: null,
  jiaoJieRenIds: '1000000000000000002,1000000000000000003',
  isAdmin: false,
  duoYuYanType: 1,
  somethingElse: 'ignored',
};

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

describe('session values', () => {
  it('keeps the values of spec §3 and nothing else', () => {
    saveSession(employee);
    const s = getSession();
    expect(Object.keys(s).sort()).toEqual(
      [
        'duoYuYanType',
        'empBuMenName',
        'empId',
        'empMobileTel',
        'empName',
        'empSessionId',
        'isAdmin',
        'jiaoJieRenIds',
        'mytoken',
        'token',
        'userId',
        'username',
      ].sort(),
    );
    expect(sessionStorage.getItem('somethingElse')).toBeNull();
    expect(s.isAdmin).toBe('0');
    expect(SESSION_KEYS).toHaveLength(11);
    expect(EXTRA_SESSION_KEYS).toContain('dealerName');
    expect(hasToken()).toBe(true);
    expect(localStorage.getItem(LOGIN_FLAGS.loggedIn)).toBe('1');
    expect(dealerFlag()).toBe('0');
  });

  it('tells dealers from employees by the dealer id (spec §6)', () => {
    saveSession(employee);
    expect(isDealerSession()).toBe(false);
    saveSession({ ...employee, dealerId: '2000000000000000001', username: 'dealer01' });
    expect(isDealerSession()).toBe(true);
    expect(dealerFlag()).toBe('1');
    // a later employee login drops the dealer id
    saveSession(employee);
    expect(isDealerSession()).toBe(false);
  });

  it('admin counts as administrator', () => {
    saveSession(employee);
    expect(isAdministrator()).toBe(false);
    saveSession({ ...employee, username: 'admin' });
    expect(isAdministrator()).toBe(true);
  });

  it('a record is one\u2019s own when created by the login id or a handover person', () => {
    saveSession(employee);
    expect(isOwnRecord('1000000000000000001')).toBe(true);
    expect(isOwnRecord('1000000000000000003')).toBe(true);
    expect(isOwnRecord('1000000000000000009')).toBe(false);
    expect(isOwnRecord(null)).toBe(false);
  });

  it('stores the empSessionId of the address, and keeps it through a login without one', () => {
    expect(captureEmpSessionId('?a=1&empSessionId=abc')).toBe('abc');
    expect(sessionStorage.getItem('empSessionId')).toBe('abc');
    expect(captureEmpSessionId('?a=1')).toBeNull();
    saveSession({ mytoken: 'x', userId: '1' });
    expect(sessionStorage.getItem('empSessionId')).toBe('abc');
  });

  it('clearing forgets the session and the flags', () => {
    saveSession(employee);
    clearSession();
    clearLoginFlags();
    expect(getSession()).toEqual({});
    expect(hasToken()).toBe(false);
    expect(localStorage.getItem(LOGIN_FLAGS.loggedIn)).toBeNull();
  });
});

describe('shared state (jotai)', () => {
  it('syncs ids from the session and resets everything on logout', () => {
    saveSession({ ...employee, dealerId: '2000000000000000001' });
    syncSessionAtoms();
    expect(appStore.get(userIdAtom)).toBe('1000000000000000001');
    expect(appStore.get(dealerIdAtom)).toBe('2000000000000000001');
    appStore.set(tableListAtom, [{ key: '/web/x', title: 'x' }]);
    appStore.set(OrderNumberAtom, 'FYSQ202611220001');
    appStore.set(offWebAtom, true);
    resetSharedState();
    expect([
      appStore.get(userIdAtom),
      appStore.get(dealerIdAtom),
      appStore.get(tableListAtom),
      appStore.get(OrderNumberAtom),
      appStore.get(offWebAtom),
    ]).toEqual([null, null, [], null, false]);
  });
});

// Sessions (docs/api.md "Sessions"): employee and dealer login, init, logout, password change,
// QR login.
import { Type } from '@sinclair/typebox';
import { endpoint, Id, PREFIX } from './contract';

const tag = 'sessions';

export const Credentials = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 64 }),
  password: Type.String({ minLength: 1, maxLength: 200 }),
});
const Ticket = Type.Object({ ticket: Type.String({ minLength: 10, maxLength: 100 }) });

/** The session values of spec §3 (the client keeps the token in all three places). */
export const SessionValues = Type.Object({
  mytoken: Type.String(),
  token: Type.String(),
  empSessionId: Type.String(),
  empId: Type.Union([Type.String(), Type.Null()]),
  empName: Type.String(),
  empMobileTel: Type.Union([Type.String(), Type.Null()]),
  empBuMenName: Type.Union([Type.String(), Type.Null()]),
  username: Type.String(),
  userId: Type.String(),
  dealerId: Type.Union([Type.String(), Type.Null()]),
  dealerName: Type.Union([Type.String(), Type.Null()]),
  /** comma-separated user ids */
  jiaoJieRenIds: Type.String(),
  isAdmin: Type.Boolean(),
  duoYuYanType: Type.Integer(),
});

export const QrTicket = Type.Object({ ticket: Type.String(), qrDataUrl: Type.String(), expiresAt: Type.String({ description: 'ISO time' }) });
export const QrPoll = Type.Union([
  Type.Object({ status: Type.Literal('confirmed'), session: SessionValues }),
  Type.Object({ status: Type.Union([Type.Literal('pending'), Type.Literal('expired')]) }),
]);

export const auth = {
  login: endpoint({
    method: 'POST',
    path: '/emp/api/v2/login',
    tag,
    summary: 'Employee login (bad credentials: code 1)',
    body: Credentials,
    data: SessionValues,
    errors: [429, 503],
  }),
  dealerLogin: endpoint({
    method: 'POST',
    path: `${PREFIX}/dp/commons/check/check-login.action`,
    tag,
    summary: 'Dealer login (bad credentials: code 1)',
    body: Credentials,
    data: SessionValues,
    errors: [429, 503],
  }),
  loginInit: endpoint({ method: 'POST', path: '/emp/api/v2/login/init', tag, summary: "The session's values", data: SessionValues, errors: [401] }),
  dealerInit: endpoint({
    method: 'POST',
    path: `${PREFIX}/dp/commons/check/check-init.action`,
    tag,
    summary: "A dealer session's values",
    data: SessionValues,
    errors: [401, 403],
  }),
  logout: endpoint({ method: 'POST', path: '/emp/api/v2/logout', tag, summary: 'Ends the session', data: Type.Null(), errors: [401] }),
  changePassword: endpoint({
    method: 'POST',
    path: '/emp/api/v2/login/changePassword',
    tag,
    summary: 'Changes the password (wrong old or weak new password: code 1)',
    body: Type.Object({ oldPassword: Type.String({ minLength: 1 }), newPassword: Type.String({ minLength: 1, maxLength: 200 }) }),
    data: Type.Null(),
    errors: [401],
  }),
  initPassword: endpoint({
    method: 'POST',
    path: '/emp/api/v2/user/initPassword',
    tag,
    summary:
      "An administrator sets another user's password (user init password): every session of that user ends. A weak password, an unknown user or the caller's own account: 422 on the field",
    body: Type.Object({ userId: Id, newPassword: Type.String({ minLength: 1, maxLength: 200 }) }),
    encoding: 'json',
    data: Type.Null(),
    errors: [],
  }),
  qrTicket: endpoint({
    method: 'POST',
    path: `${PREFIX}/wx/commons/wxConfig/web-qrcode.action`,
    tag,
    summary: 'A QR login ticket and its image',
    data: QrTicket,
    errors: [429],
  }),
  qrPoll: endpoint({
    method: 'POST',
    path: `${PREFIX}/wx/commons/wxConfig/webQrcode-callBack.action`,
    tag,
    summary: "The desktop's poll of a QR ticket",
    body: Ticket,
    data: QrPoll,
    errors: [],
  }),
  qrConfirm: endpoint({
    method: 'POST',
    path: `${PREFIX}/wx/commons/wxConfig/webQrcode-confirm.action`,
    tag,
    summary: 'The phone confirms a QR ticket (expired: code 1)',
    body: Ticket,
    data: Type.Null(),
    errors: [401, 403],
  }),
} as const;

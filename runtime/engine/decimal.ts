// Decimal-exact arithmetic for money and quantities: the implementation lives in
// schemas/logic/decimal.ts, shared with the server.
export { Decimal, isBlank, toDecimal, isNumeric, decimalString, toFixedString, sum } from '../../schemas/logic/decimal';
